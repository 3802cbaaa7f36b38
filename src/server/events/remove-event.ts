import 'server-only';
import { eq } from 'drizzle-orm';
import { events } from '@/db/schema';
import { type DbContext, withTransaction } from '@/server/context';
import { cancelledCalendarParams, notifyEventFollowers } from './notify-followers';

/**
 * A cancelled event removed, its followers told (the form's delete, an import's CANCELLED VEVENT); the
 * deleted row's dates as they were when deleted, or null when another request deleted it first.
 */
export async function removeEvent(
  ctx: DbContext,
  event: { id: number; name: string; startDate: Date; endDate: Date },
) {
  return withTransaction(ctx, async (tx) => {
    await notifyEventFollowers(tx, {
      eventId: event.id,
      type: 'event_removed',
      params: { event: event.name },
      calendarParams: cancelledCalendarParams(event),
    });
    const [removed] = await tx
      .delete(events)
      .where(eq(events.id, event.id))
      .returning({ startDate: events.startDate, seriesStart: events.seriesStart });
    return removed ?? null;
  });
}
