-- Issue 28: the visits table kept a visitor id per day; the counter now keeps only counts (daily_stats).
DROP TABLE "visits" CASCADE;--> statement-breakpoint
ALTER TABLE "event_promotions" ADD COLUMN "report_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "home_ads" ADD COLUMN "report_mailed_at" timestamp with time zone;--> statement-breakpoint
-- Promotions and ads that ended before reports existed get none: their days were never counted.
UPDATE "event_promotions" SET "report_mailed_at" = now() WHERE "ends_at" <= now();--> statement-breakpoint
UPDATE "home_ads" SET "report_mailed_at" = now() WHERE "ends_at" <= now();
