ALTER TABLE "places" ADD COLUMN "open_week" int4multirange DEFAULT '{}'::int4multirange NOT NULL;--> statement-breakpoint
CREATE INDEX "place_special_hours_date_idx" ON "place_special_hours" USING btree ("date","place_id");--> statement-breakpoint
-- Issue 30: a place's weekly hours as minutes of the week (0 = Monday 00:00, 10080 = the next Monday).
-- Closed days and days without a row add nothing; hours whose end is not after their start run past
-- midnight into the next day (Sunday's into Monday's first minutes), unless that day is marked closed,
-- which shuts the whole date (src/lib/opening-hours.ts, openState).
CREATE FUNCTION place_open_week(pid integer) RETURNS int4multirange LANGUAGE sql STABLE AS $$
  with h as (
    select week_day, (week_day - 1) * 1440 as base, whole_day, closed,
      (extract(hour from "from") * 60 + extract(minute from "from"))::int as f,
      (extract(hour from "to") * 60 + extract(minute from "to"))::int as t
    from place_hours where place_id = pid
  )
  select coalesce(range_agg(r), '{}'::int4multirange) from (
    select int4range(base, base + 1440) as r from h where whole_day
    union all
    select int4range(base + f, base + t) from h where not closed and not whole_day and t > f
    union all
    select int4range(base + f, base + 1440) from h where not closed and not whole_day and t <= f
    union all
    select int4range((base + 1440) % 10080, (base + 1440) % 10080 + t)
      from h where not closed and not whole_day and t <= f and t > 0
        and not exists (select 1 from h next where next.closed and next.week_day = h.week_day % 7 + 1)
  ) x
$$;--> statement-breakpoint
CREATE FUNCTION place_hours_open_week() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE places SET open_week = place_open_week(id) WHERE id IN (SELECT place_id FROM new_rows);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE places SET open_week = place_open_week(id) WHERE id IN (SELECT place_id FROM old_rows);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER place_hours_open_week_insert AFTER INSERT ON "place_hours" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION place_hours_open_week();--> statement-breakpoint
CREATE TRIGGER place_hours_open_week_update AFTER UPDATE ON "place_hours" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION place_hours_open_week();--> statement-breakpoint
CREATE TRIGGER place_hours_open_week_delete AFTER DELETE ON "place_hours" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION place_hours_open_week();--> statement-breakpoint
UPDATE "places" SET "open_week" = place_open_week("id") WHERE EXISTS (SELECT 1 FROM "place_hours" h WHERE h."place_id" = "places"."id");
