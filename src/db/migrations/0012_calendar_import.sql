CREATE TABLE "event_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"place_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"url" text,
	"last_run_at" timestamp with time zone,
	"last_status" varchar(64),
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"report" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_imports_counts_check" CHECK ("event_imports"."created_count" >= 0 and "event_imports"."updated_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "import_uid" text;--> statement-breakpoint
ALTER TABLE "event_imports" ADD CONSTRAINT "event_imports_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_imports" ADD CONSTRAINT "event_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_imports" ADD CONSTRAINT "event_imports_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_imports_place_idx" ON "event_imports" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "event_imports_next_run_idx" ON "event_imports" USING btree ("next_run_at") WHERE "event_imports"."url" is not null;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_import_id_event_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."event_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "events_import_uid_idx" ON "events" USING btree ("import_id","import_uid");