-- Issue 31: events and places in more than one language. The row's own text columns are written in `lang`
-- (every existing row: Polish); the other languages' texts are in `translations`, by language and field.
ALTER TABLE "events" ADD COLUMN "lang" varchar(8) DEFAULT 'pl' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "lang" varchar(8) DEFAULT 'pl' NOT NULL;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "place_additional_infos" ADD COLUMN "lang" varchar(8) DEFAULT 'pl' NOT NULL;--> statement-breakpoint
ALTER TABLE "place_attractions" ADD COLUMN "lang" varchar(8) DEFAULT 'pl' NOT NULL;--> statement-breakpoint
-- Every translated text of a row, and one field's texts in every language, as one string for search.
CREATE OR REPLACE FUNCTION f_translations_text(jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(string_agg(f.value, ' '), '') FROM jsonb_each($1) l, jsonb_each_text(l.value) f $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_translated(jsonb, text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(string_agg(l.value ->> $2, ' '), '') FROM jsonb_each($1) l $$;--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_text" text GENERATED ALWAYS AS (f_unaccent(lower(name || ' ' || coalesce(description, '') || ' ' || coalesce(place_name, '') || ' ' || city || ' ' || f_translations_text(translations)))) STORED;--> statement-breakpoint
CREATE INDEX "events_search_text_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
DROP INDEX "events_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "events_names_trgm_idx" ON "events" USING gin (f_unaccent(lower("name" || ' ' || f_translated("translations", 'name'))) gin_trgm_ops);--> statement-breakpoint
DROP INDEX "places_name_trgm_idx";--> statement-breakpoint
DROP INDEX "places_description_trgm_idx";--> statement-breakpoint
CREATE INDEX "places_names_trgm_idx" ON "places" USING gin (f_unaccent(lower("name" || ' ' || f_translated("translations", 'name'))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "places_descriptions_trgm_idx" ON "places" USING gin (f_unaccent(lower(coalesce("description", '') || ' ' || f_translated("translations", 'description'))) gin_trgm_ops);
