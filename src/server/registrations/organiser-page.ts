import 'server-only';
import { and, asc, eq, gt } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { eventOccurrences, events } from '@/db/schema';
import type { AuthUser } from '@/server/auth/access-tokens';
import { AppError } from '@/server/errors';
import { ownedEvent } from '@/server/events/owned-event';

/**
 * The organiser's event for its registration pages, with a series' coming dates (at most 60) for the choice
 * of one date; null for an event that is not theirs (or does not exist).
 */
export async function organisersEvent(actor: AuthUser, eventId: number, now = new Date()) {
  const event = await ownedEvent(actor, eventId).catch((error: unknown) => {
    if (error instanceof AppError) return null;
    throw error;
  });
  if (!event) return null;
  const db = await getDb();
  const dates = event.repeatRule
    ? await db
        .select({ originalStart: eventOccurrences.originalStart, startDate: eventOccurrences.startDate })
        .from(eventOccurrences)
        .where(and(eq(eventOccurrences.eventId, eventId), gt(eventOccurrences.endDate, now)))
        .orderBy(asc(eventOccurrences.startDate))
        .limit(60)
    : null;
  const [row] = await db.select({ name: events.name }).from(events).where(eq(events.id, eventId));
  return { event, name: row?.name ?? event.name, dates };
}
