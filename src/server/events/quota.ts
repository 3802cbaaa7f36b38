import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import { type DbOrTx, getDb, type Tx } from '@/db/client';
import { users } from '@/db/schema';
import type { AuthUser } from '@/server/auth/access-tokens';
import { AppError, forbidden } from '@/server/errors';

// Spec §6: a company creates events from its plan's and its packs' creations, counted in users.events_left.
// This is the one place that reads, judges and takes them.

/** How many event creations the company has left. */
export async function eventsLeftOf(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ left: users.eventsLeft }).from(users).where(eq(users.id, userId));
  return row?.left ?? 0;
}

export const hasCreationLeft = (left: number) => left > 0;

/** Refuses with 402 `quota_exceeded` when nothing is left: said before anything is uploaded or written. */
export async function ensureCreationLeft(userId: number, db?: DbOrTx): Promise<void> {
  if (!hasCreationLeft(await eventsLeftOf(db ?? (await getDb()), userId)))
    throw new AppError('quota_exceeded', 'events.quota_empty');
}

/**
 * Takes one creation inside the caller's transaction and answers how many are left after it. A single
 * conditional UPDATE, so parallel requests never take more than there are (the CHECK on events_left backs
 * it up); it refuses like `ensureCreationLeft` when none was left.
 */
export async function takeCreation(tx: Tx, userId: number): Promise<number> {
  const [taken] = await tx
    .update(users)
    .set({ eventsLeft: sql`${users.eventsLeft} - 1` })
    .where(and(eq(users.id, userId), gt(users.eventsLeft, 0)))
    .returning({ left: users.eventsLeft });
  if (!taken) throw new AppError('quota_exceeded', 'events.quota_empty');
  return taken.left;
}

/** Gives one creation back (issue 29: a deleted event that had not started, creation-back.ts). */
export async function giveCreationBack(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ eventsLeft: sql`${users.eventsLeft} + 1` })
    .where(eq(users.id, userId));
}

/** Spec §7 GET /api/company/get_events_left: only a company has creations. */
export async function getEventsLeft({ actor }: { actor: AuthUser }): Promise<number> {
  if (actor.role !== 'company') throw forbidden();
  return eventsLeftOf(await getDb(), actor.id);
}
