import 'server-only';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '@/db/client';
import { calendarEntries, eventFavourites, events, notifications, placeFavourites } from '@/db/schema';
import { formatDateTime } from '@/lib/format';
import { dateToWarsaw } from '@/lib/warsaw-time';
import { announceLiveChange } from '@/server/live/announce';

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
    calendarParams = {},
  }: {
    eventId: number;
    /** `event_date_cancelled`: one or more dates of a series will not take place (issue 17). */
    type: 'event_changed' | 'event_removed' | 'event_date_cancelled';
    params: Record<string, string>;
    /** Added for those who keep the event in their calendar (the feed's cancelled entries). */
    calendarParams?: Record<string, string | number>;
  },
) {
  const followers = tx
    .select({
      userId: sql<number>`u.user_id`.as('user_id'),
      inCalendar: sql<boolean>`bool_or(u.in_calendar)`.as('in_calendar'),
    })
    .from(
      sql`(select ${calendarEntries.userId} as user_id, true as in_calendar from ${calendarEntries} where ${calendarEntries.eventId} = ${eventId}
           union all select ${eventFavourites.userId}, false from ${eventFavourites} where ${eventFavourites.eventId} = ${eventId}) u`,
    )
    .groupBy(sql`u.user_id`);
  const rows = await followers;
  if (rows.length === 0) return;
  await tx.insert(notifications).values(
    rows.map((r) => ({
      userId: Number(r.userId),
      type,
      params: r.inCalendar ? { ...params, ...calendarParams } : params,
      // A cancelled event has no page any more; its notification points nowhere rather than to a 404.
      eventId: type === 'event_removed' ? null : eventId,
    })),
  );
  await announceLiveChange(
    tx,
    rows.map((r) => Number(r.userId)),
  );
}

/**
 * The params a cancellation adds for those who kept the event in their calendar: the private calendar
 * feed lists it as STATUS:CANCELLED from them, since the event's row is gone.
 */
/**
 * Followers of an edited event hear of it: of the dates the edit cancelled, when it cancelled some (a
 * series, issue 17), else that it changed.
 */
export async function notifyEventEdited(
  tx: DbOrTx,
  { eventId, name, cancelled }: { eventId: number; name: string; cancelled: Date[] },
) {
  await notifyEventFollowers(
    tx,
    cancelled.length
      ? {
          eventId,
          type: 'event_date_cancelled',
          params: { event: name, dates: cancelled.map(formatDateTime).join(', ') },
        }
      : { eventId, type: 'event_changed', params: { event: name } },
  );
}

export function cancelledCalendarParams(event: { id: number; startDate: Date; endDate: Date }) {
  return {
    calendar_event: event.id,
    start: event.startDate.toISOString(),
    end: event.endDate.toISOString(),
  };
}

/**
 * A deleted place takes its events with it: the followers of each hear of it exactly as when that
 * event is deleted alone (`event_removed` with its name, no link). One INSERT … SELECT, run inside the
 * deleting transaction before the cascade removes the calendar entries and favourites it reads.
 */
export async function notifyPlaceEventFollowers(tx: DbOrTx, { placeId }: { placeId: number }) {
  const column = (c: { name: string }) => sql.identifier(c.name);
  const followersIn = (list: typeof calendarEntries | typeof eventFavourites, inCalendar: boolean) =>
    sql`select ${list.userId} as user_id, ${list.eventId} as event_id, ${sql.raw(String(inCalendar))} as in_calendar
      from ${list} join ${events} on ${events.id} = ${list.eventId} where ${events.placeId} = ${placeId}`;
  const iso = (time: typeof events.startDate | typeof events.endDate) =>
    sql`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  // Grouped by person and event: one kept in both the calendar and the favourites is one notice, as
  // for one event, with the calendar's params as in cancelledCalendarParams.
  const inserted = await tx.execute(sql`
    insert into ${notifications} (${column(notifications.userId)}, ${column(notifications.type)}, ${column(notifications.params)})
    select f.user_id, 'event_removed', jsonb_build_object('event', ${events.name})
      || case when bool_or(f.in_calendar) then jsonb_build_object(
           'calendar_event', ${events.id}, 'start', ${iso(events.startDate)}, 'end', ${iso(events.endDate)})
         else '{}'::jsonb end
    from (${followersIn(calendarEntries, true)} union all ${followersIn(eventFavourites, false)}) f
    join ${events} on ${events.id} = f.event_id
    group by f.user_id, ${events.id}
    returning ${column(notifications.userId)}`);
  await announceLiveChange(
    tx,
    rowsOf<{ user_id: number }>(inserted).map((r) => Number(r.user_id)),
  );
}

/** The key of a place's new events on one Warsaw calendar day: what their unread notification gathers. */
export function placeDayGroupKey(placeId: number, at: Date): string {
  return `place:${placeId}:${dateToWarsaw(at).date}`;
}

/**
 * A favourite place published an event (issue 29: grouped per place and Warsaw day). Each follower has at
 * most one unread notification per place and day: the first event makes `event_published` (its name,
 * a link to it); each further one, while that is still unread, turns it into `event_published_group`
 * ("Klub X: 8 nowych wydarzeń", a link to the place). One INSERT … SELECT … ON CONFLICT on the partial
 * unique index of unread groups, so two events published at once still end in one row counting 2.
 */
export async function notifyPlaceFollowers(
  tx: DbOrTx,
  {
    placeId,
    eventId,
    params,
    now = new Date(),
  }: { placeId: number; eventId: number; params: { place: string; event: string }; now?: Date },
) {
  const column = (c: { name: string }) => sql.identifier(c.name);
  const groupKey = placeDayGroupKey(placeId, now);
  const written = await tx.execute(sql`
    insert into ${notifications} as n (${column(notifications.userId)}, ${column(notifications.type)},
      ${column(notifications.params)}, ${column(notifications.eventId)}, ${column(notifications.placeId)},
      ${column(notifications.groupKey)}, ${column(notifications.createdAt)})
    select ${placeFavourites.userId}, 'event_published', ${JSON.stringify(params)}::jsonb, ${eventId}, ${placeId},
      ${groupKey}, ${now.toISOString()}::timestamptz
    from ${placeFavourites} where ${placeFavourites.placeId} = ${placeId}
    on conflict (${column(notifications.userId)}, ${column(notifications.groupKey)})
      where ${column(notifications.readAt)} is null
    do update set
      ${column(notifications.type)} = 'event_published_group',
      ${column(notifications.params)} = jsonb_build_object('place', excluded.params->>'place',
        'count', coalesce((n.params->>'count')::int, 1) + 1),
      ${column(notifications.eventId)} = null,
      ${column(notifications.createdAt)} = excluded.created_at
    returning ${column(notifications.userId)}`);
  const users = rowsOf<{ user_id: number }>(written).map((r) => Number(r.user_id));
  if (users.length > 0) await announceLiveChange(tx, users);
}
