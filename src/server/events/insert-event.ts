import 'server-only';
import { events, type places } from '@/db/schema';
import { checkAttributeIds } from '@/server/attributes/catalogue';
import { type DbContext, withTransaction } from '@/server/context';
import { type EventSaveInput, eventRow, writeMedia } from './event-row';
import { notifyPlaceFollowers } from './notify-followers';
import { takeCreation } from './quota';
import { planSeries, type SeriesPlan, writeSeries } from './save-series';

/**
 * A new event written: one creation taken (a series takes one, however many dates it has), the row, its
 * dates, its media, the place's followers told. The form's create (create-event.ts) and the calendar
 * import (issue 17), which applies a whole feed in one transaction, both write through it.
 */
export async function insertEvent(
  ctx: DbContext,
  {
    actorId,
    input,
    place,
    extra = {},
    gallery = [],
    series = planSeries(input, new Date()),
  }: {
    actorId: number;
    input: EventSaveInput;
    place: typeof places.$inferSelect;
    extra?: Partial<Pick<typeof events.$inferInsert, 'bannerUrl' | 'importId' | 'importUid'>>;
    gallery?: string[];
    series?: SeriesPlan | null;
  },
): Promise<{ id: number; eventsLeft: number }> {
  return withTransaction(ctx, async (tx) => {
    const eventsLeft = await takeCreation(tx, actorId);
    const [event] = await tx
      .insert(events)
      .values({
        ...eventRow(input, place, series),
        ...extra,
        userId: actorId,
        placeId: place.id,
        // Issue 30: each attribute must exist and apply to events (a 422 on attribute_ids otherwise).
        ...(input.attribute_ids
          ? { attributeIds: await checkAttributeIds(tx, input.attribute_ids, 'event') }
          : {}),
      })
      .returning({ id: events.id });
    if (!event) throw new Error('event insert returned nothing');
    await writeSeries(tx, event.id, series);
    await writeMedia(tx, { eventId: event.id, input, gallery, existingKept: [] });
    await notifyPlaceFollowers(tx, {
      placeId: place.id,
      eventId: event.id,
      params: { place: place.name, event: input.name },
    });
    return { id: event.id, eventsLeft };
  });
}
