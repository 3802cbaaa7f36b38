import 'server-only';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { placeFavourites, places } from '@/db/schema';
import type { Locale } from '@/lib/locale';
import type { PlaceCard } from '@/lib/schemas/place-responses';
import { attributeNamer } from '@/server/attributes/catalogue';
import type { AuthUser } from '@/server/auth/access-tokens';
import { forbidden, notFound } from '@/server/errors';
import { placeCardColumns, toPlaceCard } from '@/server/places/place-cards';
import { countHit } from '@/server/stats/counter';

// Spec §6: favourites belong to attendees; companies do not keep them.
function attendeeOnly(actor: AuthUser) {
  if (actor.role !== 'user') throw forbidden();
}

interface FavouriteChange {
  actor: AuthUser;
  placeId: number;
}

/** Adds a place to the user's favourites; adding twice is the same as once. */
export async function addPlaceFavourite({ actor, placeId }: FavouriteChange): Promise<void> {
  attendeeOnly(actor);
  const db = await getDb();
  const [place] = await db
    .select({ id: places.id })
    .from(places)
    .where(and(eq(places.id, placeId), isNull(places.hiddenAt)))
    .limit(1);
  if (!place) throw notFound();
  const added = await db
    .insert(placeFavourites)
    .values({ userId: actor.id, placeId })
    .onConflictDoNothing()
    .returning({ placeId: placeFavourites.placeId });
  // Issue 28: the owner's statistics count what changed, not a repeated press.
  if (added.length) countHit({ subject: 'place', id: placeId, measure: 'favourite_add' });
}

/** Removes a place from the user's favourites; removing one that is not there changes nothing. */
export async function removePlaceFavourite({ actor, placeId }: FavouriteChange): Promise<void> {
  attendeeOnly(actor);
  const db = await getDb();
  const removed = await db
    .delete(placeFavourites)
    .where(and(eq(placeFavourites.userId, actor.id), eq(placeFavourites.placeId, placeId)))
    .returning({ placeId: placeFavourites.placeId });
  if (removed.length) countHit({ subject: 'place', id: placeId, measure: 'favourite_remove' });
}

export async function listPlaceFavourites({
  actor,
  locale,
}: {
  actor: AuthUser;
  locale: Locale;
}): Promise<PlaceCard[]> {
  attendeeOnly(actor);
  const [db, named] = await Promise.all([getDb(), attributeNamer(locale)]);
  const rows = await db
    .select(placeCardColumns)
    .from(placeFavourites)
    .innerJoin(places, eq(places.id, placeFavourites.placeId))
    .where(and(eq(placeFavourites.userId, actor.id), isNull(places.hiddenAt)))
    .orderBy(desc(placeFavourites.createdAt));
  return rows.map((r) => toPlaceCard(r, named, locale));
}
