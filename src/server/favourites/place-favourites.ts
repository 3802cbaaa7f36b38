import 'server-only';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { placeFavourites, places } from '@/db/schema';
import type { PlaceCard } from '@/lib/schemas/place-responses';
import type { AuthUser } from '@/server/auth/access-tokens';
import { forbidden, notFound } from '@/server/errors';
import { placeCardColumns, toPlaceCard } from '@/server/places/place-cards';

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
  await db.insert(placeFavourites).values({ userId: actor.id, placeId }).onConflictDoNothing();
}

/** Removes a place from the user's favourites; removing one that is not there changes nothing. */
export async function removePlaceFavourite({ actor, placeId }: FavouriteChange): Promise<void> {
  attendeeOnly(actor);
  const db = await getDb();
  await db
    .delete(placeFavourites)
    .where(and(eq(placeFavourites.userId, actor.id), eq(placeFavourites.placeId, placeId)));
}

export async function listPlaceFavourites({ actor }: { actor: AuthUser }): Promise<PlaceCard[]> {
  attendeeOnly(actor);
  const db = await getDb();
  const rows = await db
    .select(placeCardColumns)
    .from(placeFavourites)
    .innerJoin(places, eq(places.id, placeFavourites.placeId))
    .where(and(eq(placeFavourites.userId, actor.id), isNull(places.hiddenAt)))
    .orderBy(desc(placeFavourites.createdAt));
  return rows.map(toPlaceCard);
}
