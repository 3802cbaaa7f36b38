CREATE TABLE "daily_stats" (
	"subject" text NOT NULL,
	"subject_id" integer NOT NULL,
	"day" date NOT NULL,
	"measure" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "daily_stats_pk" PRIMARY KEY("subject","subject_id","day","measure"),
	CONSTRAINT "daily_stats_subject_check" CHECK ("daily_stats"."subject" in ('event', 'place')),
	CONSTRAINT "daily_stats_count_check" CHECK ("daily_stats"."count" >= 0)
);
--> statement-breakpoint
CREATE INDEX "daily_stats_day_idx" ON "daily_stats" USING btree ("day");