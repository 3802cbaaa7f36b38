import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { places } from '@/db/schema';
import type { AuthUser } from '@/server/auth/access-tokens';
import { notFound } from '@/server/errors';
import { getPlaceFormData } from '@/server/places/place-form-data';

/** The company form's values for /profile: the company's first place, loaded like any place form. */
export async function getCompanyFormData({ actor }: { actor: AuthUser }) {
  const db = await getDb();
  const [place] = await db
    .select({ id: places.id })
    .from(places)
    .where(eq(places.userId, actor.id))
    .orderBy(asc(places.id))
    .limit(1);
  if (!place) throw notFound();
  return getPlaceFormData({ actor, placeId: place.id });
}
