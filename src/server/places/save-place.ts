import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { places } from '@/db/schema';
import type { PlaceProfileInput } from '@/lib/schemas/place-profile';
import type { AuthUser } from '@/server/auth/access-tokens';
import { forbidden, notFound } from '@/server/errors';
import { notifyPlaceEventFollowers } from '@/server/events/notify-followers';
import { type PlaceUploads, savePlaceProfile } from './save-place-profile';

/** The place of the id, if the actor owns it: 404 when there is none, 403 when it is someone else's. */
export async function ownedPlace(actor: AuthUser, placeId: number) {
  if (actor.role !== 'company') throw forbidden();
  const db = await getDb();
  const [place] = await db.select().from(places).where(eq(places.id, placeId)).limit(1);
  if (!place) throw notFound();
  if (place.userId !== actor.id) throw forbidden();
  return place;
}

/** Spec §7 POST /api/place/{id}: creates a place (no id) or updates one the company owns. */
export async function savePlace({
  actor,
  placeId,
  input,
  files,
}: {
  actor: AuthUser;
  placeId: number | null;
  input: PlaceProfileInput;
  files: PlaceUploads;
}): Promise<{ id: number }> {
  if (actor.role !== 'company') throw forbidden();
  if (placeId !== null) await ownedPlace(actor, placeId);
  return savePlaceProfile({
    companyId: actor.id,
    input,
    files,
    save: async ({ tx, writeProfile }) => {
      let id = placeId;
      if (id === null) {
        const [created] = await tx
          .insert(places)
          .values({
            userId: actor.id,
            name: input.name,
            city: input.city,
            street: input.street,
            postcode: input.postcode,
          })
          .returning({ id: places.id });
        if (!created) throw new Error('place insert returned nothing');
        id = created.id;
      }
      await writeProfile(id);
      return { id };
    },
  });
}

/**
 * Spec §7 DELETE /api/place/{id}: the owner removes a place; its hours, gallery, comments, favourites
 * and events go with it in the same statement (foreign keys cascade, all in one transaction). The
 * followers of its events are told first, as when each event is deleted on its own.
 */
export async function deletePlace({ actor, placeId }: { actor: AuthUser; placeId: number }): Promise<void> {
  await ownedPlace(actor, placeId);
  const db = await getDb();
  await db.transaction(async (tx) => {
    // Locked so that no event is added to the place between the notices and the delete.
    const [locked] = await tx
      .select({ id: places.id })
      .from(places)
      .where(eq(places.id, placeId))
      .for('update');
    if (!locked) throw notFound();
    await notifyPlaceEventFollowers(tx, { placeId });
    await tx.delete(places).where(eq(places.id, placeId));
  });
}
