-- Decision 36: a search counts at most 10,001 matches. For a broad one (upcoming public events, a price
-- bound) those are read from this index alone, price columns included, instead of from the heap.
CREATE INDEX "events_public_end_idx" ON "events" USING btree ("end_date") INCLUDE ("price_min", "price_max") WHERE "events"."hidden_at" is null;--> statement-breakpoint
-- Every public search now filters on hidden_at (migration 0010); carried in the GiST index, the distance
-- search's count is an index-only scan again (migration 0006).
DROP INDEX "events_earth_idx";--> statement-breakpoint
CREATE INDEX "events_earth_idx" ON "events" USING gist ("earth") INCLUDE ("end_date", "start_date", "user_id", "id", "hidden_at");--> statement-breakpoint
-- The page cache keeps anonymous event and place pages too (src/web/page-cache.ts). They show more than
-- the searches read: comments, films, opening hours, images, languages and the owner's name and contact;
-- the text pages (how it works, rules...) are kept as well.
-- Writes to those send the same NOTIFY, so every process drops its pages (and searches) at once.
CREATE TRIGGER comments_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "comments" FOR EACH STATEMENT EXECUTE FUNCTION portal_search_changed();--> statement-breakpoint
CREATE TRIGGER event_movies_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_movies" FOR EACH STATEMENT EXECUTE FUNCTION portal_search_changed();--> statement-breakpoint
CREATE TRIGGER place_hours_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "place_hours" FOR EACH STATEMENT EXECUTE FUNCTION portal_search_changed();--> statement-breakpoint
CREATE TRIGGER place_images_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "place_images" FOR EACH STATEMENT EXECUTE FUNCTION portal_search_changed();--> statement-breakpoint
CREATE TRIGGER place_languages_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "place_languages" FOR EACH STATEMENT EXECUTE FUNCTION portal_search_changed();--> statement-breakpoint
CREATE TRIGGER place_additional_infos_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "place_additional_infos" FOR EACH STATEMENT EXECUTE FUNCTION portal_search_changed();--> statement-breakpoint
CREATE TRIGGER place_movies_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "place_movies" FOR EACH STATEMENT EXECUTE FUNCTION portal_search_changed();--> statement-breakpoint
CREATE TRIGGER text_pages_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "text_pages" FOR EACH STATEMENT EXECUTE FUNCTION portal_search_changed();--> statement-breakpoint
CREATE TRIGGER languages_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "languages" FOR EACH STATEMENT EXECUTE FUNCTION portal_search_changed();--> statement-breakpoint
DROP TRIGGER users_plan_search_changed ON "users";--> statement-breakpoint
CREATE TRIGGER users_plan_search_changed AFTER UPDATE OF "premium_setting_id", "premium_until", "company_name", "email", "first_name", "last_name", "image_url", "blocked_at" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION portal_search_changed();
