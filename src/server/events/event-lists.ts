import 'server-only';
import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { calendarEntries, eventFavourites, events } from '@/db/schema';
import type { Locale } from '@/lib/locale';
import { type ListedEvent, listedEventSchema } from '@/lib/schemas/event-responses';
import { attributeNamer } from '@/server/attributes/catalogue';
import type { AuthUser } from '@/server/auth/access-tokens';
import { forbidden, notFound } from '@/server/errors';
import { countHit } from '@/server/stats/counter';
import { eventCardColumns, toEventCard } from './event-cards';

// Spec §6: favourites and the calendar belong to attendees.
function attendeeOnly(actor: AuthUser) {
  if (actor.role !== 'user') throw forbidden();
}

async function ensureEvent(id: number) {
  const db = await getDb();
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, id), isNull(events.hiddenAt)))
    .limit(1);
  if (!row) throw notFound();
}

type Kind = 'favourite' | 'calendar';
const tableOf = (kind: Kind) => (kind === 'favourite' ? eventFavourites : calendarEntries);

/** Adds an event to the favourites or the calendar; twice is the same as once. */
export async function addEventTo({ actor, eventId, kind }: { actor: AuthUser; eventId: number; kind: Kind }) {
  attendeeOnly(actor);
  await ensureEvent(eventId);
  const db = await getDb();
  const table = tableOf(kind);
  const added = await db
    .insert(table)
    .values({ userId: actor.id, eventId })
    .onConflictDoNothing()
    .returning({ eventId: table.eventId });
  // Issue 28: the organiser's statistics count what changed, not a repeated press.
  if (added.length) countHit({ subject: 'event', id: eventId, measure: `${kind}_add` });
}

/** Removes an event from the favourites or the calendar; removing what is not there changes nothing. */
export async function removeEventFrom({
  actor,
  eventId,
  kind,
}: {
  actor: AuthUser;
  eventId: number;
  kind: Kind;
}) {
  attendeeOnly(actor);
  const db = await getDb();
  const table = tableOf(kind);
  const removed = await db
    .delete(table)
    .where(and(eq(table.userId, actor.id), eq(table.eventId, eventId)))
    .returning({ eventId: table.eventId });
  if (removed.length) countHit({ subject: 'event', id: eventId, measure: `${kind}_remove` });
}

/** Spec §7 GET /api/event/favourite and /api/event/calendar (the calendar in date order). */
export async function listEventsIn({
  actor,
  kind,
  locale,
  upcomingOnly = false,
}: {
  actor: AuthUser;
  kind: Kind;
  locale: Locale;
  upcomingOnly?: boolean;
}): Promise<ListedEvent[]> {
  attendeeOnly(actor);
  const [db, named] = await Promise.all([getDb(), attributeNamer(locale)]);
  const table = tableOf(kind);
  const rows = await db
    .select(eventCardColumns)
    .from(table)
    .innerJoin(events, eq(events.id, table.eventId))
    .where(
      upcomingOnly
        ? and(eq(table.userId, actor.id), isNull(events.hiddenAt), gt(events.endDate, new Date()))
        : and(eq(table.userId, actor.id), isNull(events.hiddenAt)),
    )
    .orderBy(kind === 'calendar' ? asc(events.startDate) : desc(table.createdAt));
  return rows.map((r) => listedEventSchema.parse(toEventCard(r, named, locale)));
}
