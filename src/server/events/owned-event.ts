import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { categories, events, places } from '@/db/schema';
import type { AuthUser } from '@/server/auth/access-tokens';
import { fieldError, forbidden, notFound } from '@/server/errors';

/** The company's own event, or 403/404: who may edit, delete, or see its registrants. */
export async function ownedEvent(actor: AuthUser, eventId: number) {
  if (actor.role !== 'company') throw forbidden();
  const db = await getDb();
  const [event] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  if (!event) throw notFound();
  if (event.userId !== actor.id) throw forbidden();
  return event;
}

/** The place an event is saved at: it must exist (422) and, spec §6, be the company's own (403). */
export async function ownPlace(actor: AuthUser, placeId: number) {
  const db = await getDb();
  const [place] = await db.select().from(places).where(eq(places.id, placeId)).limit(1);
  if (!place) throw fieldError('place_id', 'validation.invalid_option');
  if (place.userId !== actor.id) throw forbidden('events.not_your_place');
  return place;
}

export async function ensureCategory(categoryId: number) {
  const db = await getDb();
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .limit(1);
  if (!row) throw fieldError('category_id', 'validation.invalid_option');
}
