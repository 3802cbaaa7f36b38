-- Issue 32: the text search reads words from indexes instead of rechecking trigram matches on the heap.
-- An event's searchable text: every language's name and description, its place's name and its city, folded.
CREATE OR REPLACE FUNCTION f_search_document(text, text, text, text, jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT f_unaccent(lower($1 || ' ' || coalesce($2, '') || ' ' || coalesce($3, '') || ' ' || coalesce($4, '') || ' ' || f_translations_text($5))) $$;--> statement-breakpoint
-- The languages an event is written in, as bits (1 Polish, 2 English): its own and its translations'.
CREATE OR REPLACE FUNCTION f_event_langs(text, jsonb) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT ((CASE WHEN $1 = 'pl' OR $2 ? 'pl' THEN 1 ELSE 0 END) | (CASE WHEN $1 = 'en' OR $2 ? 'en' THEN 2 ELSE 0 END))::smallint $$;--> statement-breakpoint
-- How many leading letters two words share (0 when the first is null).
CREATE OR REPLACE FUNCTION f_common_prefix_length(text, text) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce((SELECT max(i) FROM generate_series(1, least(length($1), length($2))) i WHERE left($1, i) = left($2, i)), 0)::smallint $$;--> statement-breakpoint
DROP INDEX "events_search_text_trgm_idx";--> statement-breakpoint
DROP INDEX "events_names_trgm_idx";--> statement-breakpoint
DROP INDEX "events_description_trgm_idx";--> statement-breakpoint
DROP INDEX "events_place_name_trgm_idx";--> statement-breakpoint
DROP INDEX "events_city_trgm_idx";--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_words" tsvector GENERATED ALWAYS AS (strip(to_tsvector('simple'::regconfig, f_search_document(name, description, place_name, city, translations)))) STORED;--> statement-breakpoint
CREATE INDEX "events_search_words_idx" ON "events" USING gin ("search_words");--> statement-breakpoint
-- One row per word (two letters or more: a search ignores shorter ones) of a public event; the key's INCLUDE carries what a text search with prices filters and
-- sorts on, so such a search is counted and paged from the index alone (an index-only scan).
CREATE TABLE "event_words" (
	"word" text COLLATE "C" NOT NULL,
	"event_id" integer NOT NULL,
	"lcp" smallint NOT NULL,
	"langs" smallint NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"price_min" integer,
	"price_max" integer
);
--> statement-breakpoint
-- The default collation: PGlite's pg_trgm, asked for a similarity on a COLLATE "C" column, answers wrongly and
-- then stops answering at all.
CREATE TABLE "search_dictionary" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_dictionary_trgm_idx" ON "search_dictionary" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- An event's rows of event_words (none while it is hidden) and its new words in the dictionary. The words
-- are written in byte order, so `lcp` is against the previous one and concurrent writers take the
-- dictionary's keys in the same order.
CREATE OR REPLACE FUNCTION f_event_words_add(e events) RETURNS void
  LANGUAGE sql
  AS $$
    INSERT INTO event_words (word, event_id, lcp, langs, start_date, end_date, price_min, price_max)
    SELECT w, e.id, f_common_prefix_length(lag(w) OVER (ORDER BY w COLLATE "C"), w), f_event_langs(e.lang, e.translations),
      e.start_date, e.end_date, e.price_min, e.price_max
    FROM unnest(tsvector_to_array(e.search_words)) w
    WHERE e.hidden_at IS NULL AND length(w) >= 2
    -- A row left by a write that bypassed the triggers is brought up to date rather than refused.
    ON CONFLICT (word, event_id) DO UPDATE SET lcp = excluded.lcp, langs = excluded.langs,
      start_date = excluded.start_date, end_date = excluded.end_date, price_min = excluded.price_min, price_max = excluded.price_max;
    INSERT INTO search_dictionary (word)
    SELECT w FROM unnest(tsvector_to_array(e.search_words)) w
    WHERE length(w) >= 4 AND e.hidden_at IS NULL
    ORDER BY w
    ON CONFLICT DO NOTHING;
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_event_words_delete(e events) RETURNS void
  LANGUAGE sql
  AS $$ DELETE FROM event_words WHERE event_id = e.id AND word = ANY (tsvector_to_array(e.search_words)::text[]) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_event_words_inserted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN PERFORM f_event_words_add(n) FROM new_rows n; RETURN NULL; END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_event_words_deleted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN PERFORM f_event_words_delete(o) FROM old_rows o; RETURN NULL; END $$;--> statement-breakpoint
-- A change to what the rows carry rewrites the event's rows; the visit counter and the other columns do not.
CREATE OR REPLACE FUNCTION f_event_words_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF (OLD.search_words, OLD.lang, OLD.translations, OLD.start_date, OLD.end_date, OLD.price_min, OLD.price_max, OLD.hidden_at IS NULL)
      IS NOT DISTINCT FROM
      (NEW.search_words, NEW.lang, NEW.translations, NEW.start_date, NEW.end_date, NEW.price_min, NEW.price_max, NEW.hidden_at IS NULL) THEN
      RETURN NULL;
    END IF;
    PERFORM f_event_words_delete(OLD);
    PERFORM f_event_words_add(NEW);
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER events_words_inserted AFTER INSERT ON events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION f_event_words_inserted();--> statement-breakpoint
CREATE TRIGGER events_words_deleted AFTER DELETE ON events REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION f_event_words_deleted();--> statement-breakpoint
CREATE TRIGGER events_words_updated
  AFTER UPDATE OF name, description, place_name, city, translations, lang, start_date, end_date, price_min, price_max, hidden_at
  ON events FOR EACH ROW EXECUTE FUNCTION f_event_words_updated();--> statement-breakpoint
-- The existing events' rows, then the key, so it is built packed rather than split insert by insert.
INSERT INTO event_words (word, event_id, lcp, langs, start_date, end_date, price_min, price_max)
  SELECT w, e.id, f_common_prefix_length(lag(w) OVER (PARTITION BY e.id ORDER BY w COLLATE "C"), w),
    f_event_langs(e.lang, e.translations), e.start_date, e.end_date, e.price_min, e.price_max
  FROM events e CROSS JOIN LATERAL unnest(tsvector_to_array(e.search_words)) w
  WHERE e.hidden_at IS NULL AND length(w) >= 2;--> statement-breakpoint
INSERT INTO search_dictionary (word)
  SELECT DISTINCT w FROM events e CROSS JOIN LATERAL unnest(tsvector_to_array(e.search_words)) w
  WHERE e.hidden_at IS NULL AND length(w) >= 4;--> statement-breakpoint
ALTER TABLE "event_words" ADD CONSTRAINT "event_words_pk" PRIMARY KEY ("word", "event_id")
  INCLUDE ("end_date", "start_date", "price_min", "price_max", "lcp", "langs");
