import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { calendarEntries, eventFavourites, events, notifications, placeFavourites } from '@/db/schema';

/**
 * DESIGN.md notifications: people who keep an event in their calendar or favourites hear when it
 * changes or is cancelled; people who favourite a place hear when it publishes an event. One
 * INSERT … SELECT each, inside the writer's transaction.
 */
export async function notifyEventFollowers(
  tx: DbOrTx,
  {
    eventId,
    type,
    params,
  }: { eventId: number; type: 'event_changed' | 'event_removed'; params: Record<string, string> },
) {
  const followers = tx.selectDistinct({ userId: sql<number>`u.user_id`.as('user_id') }).from(
    sql`(select ${calendarEntries.userId} as user_id from ${calendarEntries} where ${calendarEntries.eventId} = ${eventId}
           union select ${eventFavourites.userId} from ${eventFavourites} where ${eventFavourites.eventId} = ${eventId}) u`,
  );
  const rows = await followers;
  if (rows.length === 0) return;
  await tx.insert(notifications).values(
    rows.map((r) => ({
      userId: Number(r.userId),
      type,
      params,
      // A cancelled event has no page any more; its notification points nowhere rather than to a 404.
      eventId: type === 'event_removed' ? null : eventId,
    })),
  );
}

/**
 * A deleted place takes its events with it: the followers of each hear of it exactly as when that
 * event is deleted alone (`event_removed` with its name, no link). One INSERT … SELECT, run inside the
 * deleting transaction before the cascade removes the calendar entries and favourites it reads.
 */
export async function notifyPlaceEventFollowers(tx: DbOrTx, { placeId }: { placeId: number }) {
  const column = (c: { name: string }) => sql.identifier(c.name);
  const followersIn = (list: typeof calendarEntries | typeof eventFavourites) =>
    sql`select ${list.userId} as user_id, ${list.eventId} as event_id from ${list}
      join ${events} on ${events.id} = ${list.eventId} where ${events.placeId} = ${placeId}`;
  // `union` makes an event kept in both the calendar and the favourites one notice, as for one event.
  await tx.execute(sql`
    insert into ${notifications} (${column(notifications.userId)}, ${column(notifications.type)}, ${column(notifications.params)})
    select f.user_id, 'event_removed', jsonb_build_object('event', ${events.name})
    from (${followersIn(calendarEntries)} union ${followersIn(eventFavourites)}) f
    join ${events} on ${events.id} = f.event_id`);
}

export async function notifyPlaceFollowers(
  tx: DbOrTx,
  { placeId, eventId, params }: { placeId: number; eventId: number; params: Record<string, string> },
) {
  const rows = await tx
    .select({ userId: placeFavourites.userId })
    .from(placeFavourites)
    .where(eq(placeFavourites.placeId, placeId));
  if (rows.length === 0) return;
  await tx
    .insert(notifications)
    .values(rows.map((r) => ({ userId: r.userId, type: 'event_published', params, eventId, placeId })));
}
