CREATE TYPE "public"."report_reason" AS ENUM('spam', 'offensive', 'false_information', 'illegal', 'other');--> statement-breakpoint
CREATE TYPE "public"."report_status" AS ENUM('open', 'resolved');--> statement-breakpoint
CREATE TYPE "public"."report_target" AS ENUM('comment', 'place', 'event', 'message');--> statement-breakpoint
CREATE TYPE "public"."review_state" AS ENUM('pending', 'verified', 'rejected');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer,
	"action" varchar(60) NOT NULL,
	"target" varchar(40) NOT NULL,
	"target_id" integer,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"reporter_id" integer NOT NULL,
	"target" "report_target" NOT NULL,
	"target_id" integer NOT NULL,
	"reason" "report_reason" NOT NULL,
	"text" text,
	"status" "report_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "walk_state" "review_state" DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "walk_reason" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "walk_state" "review_state" DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "walk_reason" text;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "verification_state" "review_state" DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "verification_reason" text;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_reporter_target_uq" ON "reports" USING btree ("reporter_id","target","target_id");--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("created_at") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("target","target_id");--> statement-breakpoint
-- Reviews already decided (the demo data's verified places and walks) keep their outcome.
UPDATE "places" SET "verification_state" = 'verified' WHERE "verified";--> statement-breakpoint
UPDATE "places" SET "walk_state" = 'verified' WHERE "virtual_walk_verified";--> statement-breakpoint
UPDATE "events" SET "walk_state" = 'verified' WHERE "virtual_walk_verified";--> statement-breakpoint
CREATE INDEX "places_review_queue_idx" ON "places" USING btree ("created_at") WHERE "verification_state" = 'pending';
