import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { users } from '@/db/schema';
import type { Locale } from '@/lib/locale';
import type { EventSearchResult } from '@/lib/schemas/event-responses';
import { eventSearchQuerySchema } from '@/lib/schemas/search';
import { homeLists } from '@/lib/spec-limits';
import type { AuthUser } from '@/server/auth/access-tokens';
import { cityCentre } from '@/server/geo/cities';
import { searchEvents } from '@/server/search/search-events';

/**
 * Spec §2 /calendar's recommended-nearby panel before the browser's location is known: the 20 events
 * closest to the centre of the attendee's city (the same search as GET /api/event's "closest"). No
 * city, or one the offline list does not know, gives null: the panel then asks for the location.
 */
export async function listEventsNearUserCity({
  actor,
  locale,
}: {
  actor: AuthUser;
  locale: Locale;
}): Promise<{ city: string; events: EventSearchResult[] } | null> {
  if (actor.role !== 'user') return null;
  const db = await getDb();
  const [row] = await db.select({ city: users.city }).from(users).where(eq(users.id, actor.id));
  const centre = row?.city ? cityCentre(row.city) : null;
  if (!row?.city || !centre) return null;
  const query = eventSearchQuerySchema.parse({
    order_by: 'closest',
    lat: centre.lat.toFixed(5),
    lng: centre.lng.toFixed(5),
    limit: String(homeLists.nearbyEvents),
  });
  const page = await searchEvents({ ...query, locale });
  return { city: row.city, events: page.data };
}
