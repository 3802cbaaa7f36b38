-- Issue 29: imported events stated false facts, and a calendar imported twice made every event twice.
ALTER TABLE "events" ALTER COLUMN "price_min" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "price_max" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "spots_left" DROP NOT NULL;--> statement-breakpoint
-- 1. Unknown is not zero: a calendar says nothing of prices or places, yet imports wrote 0, shown as "free
--    entry" and "no places left". Imported events (import_uid set) still at 0 are marked unknown (null); a
--    company that set 0 on purpose in the form sets it again.
UPDATE "events" SET "price_min" = NULL, "price_max" = NULL
WHERE "import_uid" IS NOT NULL AND "price_min" = 0 AND "price_max" = 0;--> statement-breakpoint
UPDATE "events" SET "spots_left" = NULL WHERE "import_uid" IS NOT NULL AND "spots_left" = 0;--> statement-breakpoint
-- 2. An imported plain-text description (one with no HTML tag) had line breaks the page (HTML) folded
--    away: they become <br />, as the import now writes them, so the next run finds it unchanged.
UPDATE "events" SET "description" = regexp_replace("description", E'\r?\n', '<br />', 'g')
WHERE "import_uid" IS NOT NULL AND "description" ~ E'\n' AND "description" !~ '</?[a-zA-Z][^>]*>';--> statement-breakpoint
-- 3. An imported event's UID is unique per place (it was per import, and each uploaded file is an import of
--    its own). Where a place already holds the same UID more than once, the newest event (highest id) keeps
--    it; the older copies are detached from their import (import_id and import_uid set to null), not
--    deleted, so favourites, calendar entries and comments on them survive and the company can remove them.
UPDATE "events" e SET "import_id" = NULL, "import_uid" = NULL
WHERE e."import_uid" IS NOT NULL AND EXISTS (
	SELECT 1 FROM "events" newer
	WHERE newer."place_id" = e."place_id" AND newer."import_uid" = e."import_uid" AND newer."id" > e."id"
);--> statement-breakpoint
DROP INDEX "events_import_uid_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "events_place_import_uid_idx" ON "events" USING btree ("place_id","import_uid");--> statement-breakpoint
ALTER TABLE "event_exceptions" ADD COLUMN "name" varchar(200);
