-- Issue 29: a place's new events are one unread notification per follower, place and Warsaw day (group_key
-- "place:{id}:{YYYY-MM-DD}"); the partial unique index lets the writer INSERT … ON CONFLICT into it.
ALTER TABLE "notifications" ADD COLUMN "group_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_group_uq" ON "notifications" USING btree ("user_id","group_key") WHERE "notifications"."read_at" is null;