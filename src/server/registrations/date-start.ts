import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { eventOccurrences, events } from '@/db/schema';

/** When a registration date starts: a single event's start, or where a series' date is now. */
export async function dateStart(
  db: DbOrTx,
  eventId: number,
  originalStart: Date | null,
): Promise<Date | null> {
  if (originalStart === null) {
    const [event] = await db
      .select({ startDate: events.startDate })
      .from(events)
      .where(eq(events.id, eventId));
    return event?.startDate ?? null;
  }
  const [occurrence] = await db
    .select({ startDate: eventOccurrences.startDate })
    .from(eventOccurrences)
    .where(and(eq(eventOccurrences.eventId, eventId), eq(eventOccurrences.originalStart, originalStart)));
  return occurrence?.startDate ?? null;
}
