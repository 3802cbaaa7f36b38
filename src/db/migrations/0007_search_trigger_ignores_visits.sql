-- A page view adds 1 to visit_count (src/server/visits/record-visit.ts). Sent as a change of the
-- searched data, it emptied every process's search and page caches on every view, so on a busy site
-- nothing stayed cached; popularity now reaches cached answers when they expire (30 s). Updates are
-- therefore told apart: the trigger compares the rows before and after, without visit_count.
CREATE FUNCTION portal_search_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT to_jsonb(n) - 'visit_count' FROM changed_new n
    EXCEPT
    SELECT to_jsonb(o) - 'visit_count' FROM changed_old o
  ) THEN
    PERFORM pg_notify('portal_search_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Transition tables are allowed only on a trigger of one event, so updates get a trigger of their own.
DROP TRIGGER events_search_changed ON "events";--> statement-breakpoint
CREATE TRIGGER events_search_changed AFTER INSERT OR DELETE OR TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION portal_search_changed();--> statement-breakpoint
CREATE TRIGGER events_search_updated AFTER UPDATE ON "events" REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION portal_search_rows_changed();--> statement-breakpoint
DROP TRIGGER places_search_changed ON "places";--> statement-breakpoint
CREATE TRIGGER places_search_changed AFTER INSERT OR DELETE OR TRUNCATE ON "places" FOR EACH STATEMENT EXECUTE FUNCTION portal_search_changed();--> statement-breakpoint
CREATE TRIGGER places_search_updated AFTER UPDATE ON "places" REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION portal_search_rows_changed();
