CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"unit_price" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_items_quantity_check" CHECK ("order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "home_ad_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"days" integer NOT NULL,
	"price" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amount_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ext_order_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "events_count" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "redirect_uri" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_ip" varchar(45);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locale" varchar(2) DEFAULT 'pl' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "granted_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "granted_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "events_added" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_ext_order_uq" ON "orders" USING btree ("ext_order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amount_check" CHECK ("orders"."amount" > 0);--> statement-breakpoint
-- The home-page ad's price (spec §9: 250 PLN per 7 days) is reference data every installation needs.
INSERT INTO "home_ad_offers" ("days", "price") VALUES (7, 25000);
--> statement-breakpoint
-- The home page shows the ads, and a plan's end changes its gating at once: both empty the cached searches and pages.
CREATE TRIGGER home_ads_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "home_ads" FOR EACH STATEMENT EXECUTE FUNCTION portal_search_changed();--> statement-breakpoint
DROP TRIGGER users_plan_search_changed ON "users";--> statement-breakpoint
CREATE TRIGGER users_plan_search_changed AFTER UPDATE OF "premium_setting_id", "premium_until" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION portal_search_changed();
