import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { eventImports, places } from '@/db/schema';
import type { AuthUser } from '@/server/auth/access-tokens';
import { forbidden, notFound } from '@/server/errors';

// Apart from the writes (manage-imports.ts), so the import page reads without loading the event-saving
// code and its upload staging.

/** Only the company owning the place (issue 17); the owner is in every WHERE, so others find nothing. */
export async function assertOwnPlace(actor: AuthUser, placeId: number) {
  if (actor.role !== 'company') throw forbidden();
  const db = await getDb();
  const [place] = await db
    .select({ id: places.id })
    .from(places)
    .where(and(eq(places.id, placeId), eq(places.userId, actor.id)))
    .limit(1);
  if (!place) throw notFound();
}

/** A place's imports with their last report, newest first. */
export async function listImports({ actor, placeId }: { actor: AuthUser; placeId: number }) {
  await assertOwnPlace(actor, placeId);
  const db = await getDb();
  return db
    .select({
      id: eventImports.id,
      url: eventImports.url,
      categoryId: eventImports.categoryId,
      lastRunAt: eventImports.lastRunAt,
      lastStatus: eventImports.lastStatus,
      created: eventImports.createdCount,
      updated: eventImports.updatedCount,
      skipped: eventImports.skippedCount,
      failed: eventImports.failedCount,
      report: eventImports.report,
      nextRunAt: eventImports.nextRunAt,
    })
    .from(eventImports)
    .where(and(eq(eventImports.placeId, placeId), eq(eventImports.userId, actor.id)))
    .orderBy(desc(eventImports.id));
}
