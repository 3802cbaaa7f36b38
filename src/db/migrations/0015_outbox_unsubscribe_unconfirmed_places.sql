ALTER TABLE "mail_outbox" ADD COLUMN "list_unsubscribe" text;--> statement-breakpoint
-- Issue 26 (decision 44): places of companies that have not confirmed their address are not public. They
-- are hidden at the account's creation instant, which confirming the address clears.
UPDATE "places" SET "hidden_at" = "users"."created_at"
FROM "users"
WHERE "users"."id" = "places"."user_id"
  AND "users"."email_verified_at" IS NULL
  AND "users"."google_id" IS NULL
  AND "users"."facebook_id" IS NULL
  AND "places"."hidden_at" IS NULL;
