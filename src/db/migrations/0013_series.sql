CREATE TABLE "event_exceptions" (
	"event_id" integer NOT NULL,
	"original_start" timestamp with time zone NOT NULL,
	"new_start" timestamp with time zone,
	"new_end" timestamp with time zone,
	CONSTRAINT "event_exceptions_pk" PRIMARY KEY("event_id","original_start"),
	CONSTRAINT "event_exceptions_move_check" CHECK (("event_exceptions"."new_start" is null and "event_exceptions"."new_end" is null) or ("event_exceptions"."new_start" is not null and "event_exceptions"."new_end" >= "event_exceptions"."new_start"))
);
--> statement-breakpoint
CREATE TABLE "event_occurrences" (
	"event_id" integer NOT NULL,
	"original_start" timestamp with time zone NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	CONSTRAINT "event_occurrences_pk" PRIMARY KEY("event_id","original_start"),
	CONSTRAINT "event_occurrences_dates_check" CHECK ("event_occurrences"."end_date" >= "event_occurrences"."start_date")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "repeat_rule" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "series_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "series_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
-- A reminder already sent was for the event's date as it is now.
UPDATE "reminders_sent" SET "starts_at" = "events"."start_date" FROM "events" WHERE "events"."id" = "reminders_sent"."event_id";--> statement-breakpoint
ALTER TABLE "reminders_sent" ALTER COLUMN "starts_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reminders_sent" DROP CONSTRAINT "reminders_sent_user_id_event_id_pk";--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_user_id_event_id_starts_at_pk" PRIMARY KEY("user_id","event_id","starts_at");--> statement-breakpoint
ALTER TABLE "event_exceptions" ADD CONSTRAINT "event_exceptions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_occurrences" ADD CONSTRAINT "event_occurrences_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_occurrences_event_start_idx" ON "event_occurrences" USING btree ("event_id","start_date");--> statement-breakpoint
CREATE INDEX "events_series_idx" ON "events" USING btree ("end_date") WHERE "events"."repeat_rule" is not null;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_series_check" CHECK ("events"."repeat_rule" is null or ("events"."series_start" is not null and "events"."series_end" >= "events"."series_start"));