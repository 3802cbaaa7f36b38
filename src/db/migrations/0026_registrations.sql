CREATE TYPE "public"."registration_status" AS ENUM('pending', 'confirmed', 'waiting', 'offered', 'cancelled', 'declined', 'expired');--> statement-breakpoint
CREATE TABLE "event_registration" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"capacity" integer NOT NULL,
	"per_person" integer DEFAULT 4 NOT NULL,
	"approval" boolean DEFAULT false NOT NULL,
	"closes_at" timestamp with time zone,
	"only_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_registration_capacity_check" CHECK ("event_registration"."capacity" between 1 and 100000),
	CONSTRAINT "event_registration_per_person_check" CHECK ("event_registration"."per_person" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "registration_dates" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"original_start" timestamp with time zone,
	"held" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "registration_dates_held_check" CHECK ("registration_dates"."held" >= 0)
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"date_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"places" integer NOT NULL,
	"status" "registration_status" NOT NULL,
	"secret" varchar(32) NOT NULL,
	"offered_until" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text,
	CONSTRAINT "registrations_places_check" CHECK ("registrations"."places" between 1 and 20)
);
--> statement-breakpoint
ALTER TABLE "event_registration" ADD CONSTRAINT "event_registration_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_dates" ADD CONSTRAINT "registration_dates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_date_id_registration_dates_id_fk" FOREIGN KEY ("date_id") REFERENCES "public"."registration_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registration_dates_event_date_uq" ON "registration_dates" USING btree ("event_id","original_start") NULLS NOT DISTINCT;--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_live_uq" ON "registrations" USING btree ("date_id","user_id") WHERE "registrations"."status" in ('pending', 'confirmed', 'waiting', 'offered');--> statement-breakpoint
CREATE INDEX "registrations_date_status_idx" ON "registrations" USING btree ("date_id","status","id");--> statement-breakpoint
CREATE INDEX "registrations_event_idx" ON "registrations" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "registrations_user_idx" ON "registrations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "registrations_offered_idx" ON "registrations" USING btree ("offered_until") WHERE "registrations"."status" = 'offered';--> statement-breakpoint
-- Issue 33: an event taking registrations shows the places left on the date it shows (a series: its current date,
-- or the one date that takes registrations), computed here from the held places, so every page, card, feed and
-- search reads it from events.spots_left as before, and no typed number can overwrite it.
CREATE FUNCTION f_registration_spots(p_event integer, p_series boolean, p_start timestamptz) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT greatest(r.capacity - coalesce((
    SELECT d.held FROM registration_dates d
    WHERE d.event_id = r.event_id
      AND d.original_start IS NOT DISTINCT FROM (CASE WHEN NOT p_series THEN NULL ELSE coalesce(
        r.only_date,
        (SELECT o.original_start FROM event_occurrences o
          WHERE o.event_id = p_event AND o.start_date = p_start ORDER BY o.original_start LIMIT 1),
        p_start) END)
  ), 0), 0)
  FROM event_registration r WHERE r.event_id = p_event
$$;--> statement-breakpoint
CREATE FUNCTION f_events_registration_spots() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE spots integer;
BEGIN
  spots := f_registration_spots(NEW.id, NEW.repeat_rule IS NOT NULL, NEW.start_date);
  IF spots IS NOT NULL THEN NEW.spots_left := spots; END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER events_registration_spots BEFORE UPDATE OF start_date, repeat_rule, spots_left ON events
  FOR EACH ROW EXECUTE FUNCTION f_events_registration_spots();--> statement-breakpoint
-- A change of the terms or of a date's held places sets the event's spots again (through the trigger above).
CREATE FUNCTION f_registration_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed integer;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD.event_id; ELSE changed := NEW.event_id; END IF;
  UPDATE events SET spots_left = spots_left WHERE id = changed;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER event_registration_changed AFTER INSERT OR UPDATE OR DELETE ON event_registration
  FOR EACH ROW EXECUTE FUNCTION f_registration_changed();--> statement-breakpoint
CREATE TRIGGER registration_dates_changed AFTER INSERT OR UPDATE OF held ON registration_dates
  FOR EACH ROW EXECUTE FUNCTION f_registration_changed();