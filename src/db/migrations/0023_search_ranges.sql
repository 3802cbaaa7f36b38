-- Issue 30: date ranges as GiST range scans. The INCLUDE columns let a search with dates, attributes and
-- prices check its rows in the index alone (an expression index needs its own columns included for that).
-- Not partial: the planner reads the row estimates of an expression only from a whole-table index.
CREATE INDEX "event_occurrences_dates_idx" ON "event_occurrences" USING gist (tstzrange("start_date", "end_date", '[]')) INCLUDE ("event_id", "start_date", "end_date");--> statement-breakpoint
CREATE INDEX "events_dates_idx" ON "events" USING gist (tstzrange("start_date", "end_date", '[]')) INCLUDE ("start_date", "end_date", "hidden_at", "attribute_ids", "price_min", "price_max", "id");--> statement-breakpoint
-- "Open now" within a distance: the box, the hidden flag, the week's hours and the owner from the index.
DROP INDEX "places_earth_idx";--> statement-breakpoint
CREATE INDEX "places_earth_idx" ON "places" USING gist ("earth") INCLUDE ("hidden_at", "open_week", "user_id", "id");
