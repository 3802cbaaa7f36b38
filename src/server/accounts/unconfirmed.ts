import 'server-only';
import { and, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { type DbOrTx, getDb } from '@/db/client';
import { eventImages, events, placeImages, places, users } from '@/db/schema';
import { startPeriodicJob } from '@/server/jobs/periodic-job';
import { removeImage } from '@/server/media/images';

// Issue 26 (decision 41): a place is public only once its owner has confirmed the e-mail address. A
// company's sign-up writes its place hidden since the account's own creation instant; confirming the
// address clears exactly that mark, so a place an admin hid meanwhile (another instant) stays hidden. An
// account left unconfirmed for a week is removed with its places and files.

/** How long an unconfirmed account is kept. */
export const unconfirmedDays = 7;

/** Makes public what the owner's sign-up held back: places and events hidden since the account was made. */
export async function publishConfirmedOwner(tx: DbOrTx, userId: number): Promise<void> {
  const createdAt = sql`(select ${users.createdAt} from ${users} where ${users.id} = ${userId})`;
  await tx
    .update(places)
    .set({ hiddenAt: null })
    .where(and(eq(places.userId, userId), eq(places.hiddenAt, createdAt)));
  await tx
    .update(events)
    .set({ hiddenAt: null })
    .where(and(eq(events.userId, userId), eq(events.hiddenAt, createdAt)));
}

/** The image URLs of these accounts: their own, their places' and their events'. */
async function imagesOf(tx: DbOrTx, ids: number[]): Promise<string[]> {
  // One after another: a transaction is one connection.
  const own = await tx.select({ url: users.imageUrl }).from(users).where(inArray(users.id, ids));
  const placeRows = await tx
    .select({ logo: places.logoUrl, banner: places.bannerUrl })
    .from(places)
    .where(inArray(places.userId, ids));
  const placeGallery = await tx
    .select({ url: placeImages.url })
    .from(placeImages)
    .innerJoin(places, eq(places.id, placeImages.placeId))
    .where(inArray(places.userId, ids));
  const eventRows = await tx
    .select({ url: events.bannerUrl })
    .from(events)
    .where(inArray(events.userId, ids));
  const eventGallery = await tx
    .select({ url: eventImages.url })
    .from(eventImages)
    .innerJoin(events, eq(events.id, eventImages.eventId))
    .where(inArray(events.userId, ids));
  const urls = [
    ...own.map((r) => r.url),
    ...placeRows.flatMap((r) => [r.logo, r.banner]),
    ...placeGallery.map((r) => r.url),
    ...eventRows.map((r) => r.url),
    ...eventGallery.map((r) => r.url),
  ];
  return [...new Set(urls.filter((u): u is string => Boolean(u)))];
}

/** Of these URLs, the ones some remaining row still shows (identical uploads share one file). */
async function stillUsed(tx: DbOrTx, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const columns = [
    users.imageUrl,
    places.logoUrl,
    places.bannerUrl,
    placeImages.url,
    events.bannerUrl,
    eventImages.url,
  ] as const;
  const rows: { url: string | null }[] = [];
  for (const column of columns)
    rows.push(...(await tx.select({ url: column }).from(column.table).where(inArray(column, urls))));
  return new Set(rows.map((r) => r.url ?? ''));
}

/**
 * Removes accounts whose address was not confirmed within `unconfirmedDays` (at most `limit` a run), with
 * their places, events and the files no other row uses. Accounts from Google or Facebook sign-in are
 * confirmed by the provider and never removed here. The files go after the commit.
 */
export async function removeUnconfirmedAccounts({
  now = new Date(),
  limit = 200,
}: {
  now?: Date;
  limit?: number;
} = {}): Promise<{ removed: number[] }> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - unconfirmedDays * 86_400_000);
  const { removed, files } = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          isNull(users.emailVerifiedAt),
          lt(users.createdAt, cutoff),
          ne(users.role, 'admin'),
          isNull(users.googleId),
          isNull(users.facebookId),
        ),
      )
      .orderBy(users.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    const ids = due.map((u) => u.id);
    if (ids.length === 0) return { removed: [], files: [] };
    const urls = await imagesOf(tx, ids);
    await tx.delete(users).where(inArray(users.id, ids));
    const kept = await stillUsed(tx, urls);
    return { removed: ids, files: urls.filter((url) => !kept.has(url)) };
  });
  for (const url of files) await removeImage(url);
  return { removed };
}

/** Runs the removal now and every hour; the returned function stops it after a run in progress. */
export function startUnconfirmedCleanupJob({ intervalMs = 60 * 60_000 }: { intervalMs?: number } = {}) {
  return startPeriodicJob('accounts', () => removeUnconfirmedAccounts(), intervalMs);
}
