DROP INDEX "events_earth_idx";--> statement-breakpoint
DROP INDEX "places_earth_idx";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "earth" "cube" GENERATED ALWAYS AS (ll_to_earth(lat, lng)::cube) STORED;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "earth" "cube" GENERATED ALWAYS AS (ll_to_earth(lat, lng)::cube) STORED;--> statement-breakpoint
CREATE INDEX "events_city_category_start_idx" ON "events" USING btree (f_unaccent(lower("city")),"category_id","start_date");--> statement-breakpoint
CREATE INDEX "events_earth_idx" ON "events" USING gist ("earth");--> statement-breakpoint
CREATE INDEX "places_earth_idx" ON "places" USING gist ("earth");--> statement-breakpoint
-- Search results are cached per process (src/server/search/search-cache.ts); every write to what a
-- search shows tells the listeners of all processes, whoever wrote it.
CREATE FUNCTION portal_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_search_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER events_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION portal_search_changed();--> statement-breakpoint
CREATE TRIGGER places_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "places" FOR EACH STATEMENT EXECUTE FUNCTION portal_search_changed();--> statement-breakpoint
CREATE TRIGGER event_images_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_images" FOR EACH STATEMENT EXECUTE FUNCTION portal_search_changed();--> statement-breakpoint
CREATE TRIGGER event_promotions_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_promotions" FOR EACH STATEMENT EXECUTE FUNCTION portal_search_changed();--> statement-breakpoint
CREATE TRIGGER place_categories_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "place_categories" FOR EACH STATEMENT EXECUTE FUNCTION portal_search_changed();--> statement-breakpoint
CREATE TRIGGER place_attractions_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "place_attractions" FOR EACH STATEMENT EXECUTE FUNCTION portal_search_changed();--> statement-breakpoint
CREATE TRIGGER premium_settings_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "premium_settings" FOR EACH STATEMENT EXECUTE FUNCTION portal_search_changed();--> statement-breakpoint
CREATE TRIGGER users_plan_search_changed AFTER UPDATE OF "premium_setting_id" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION portal_search_changed();
--> statement-breakpoint
CREATE TRIGGER categories_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION portal_search_changed();
