import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { getConfig } from '@/config';
import { getDb } from '@/db/client';
import { calendarEntries, events, notifications, users } from '@/db/schema';
import type { CalendarFeedUrls } from '@/lib/schemas/calendar-feed';
import type { AuthUser } from '@/server/auth/access-tokens';
import { forbidden, notFound } from '@/server/errors';
import { type IcsEvent, icsCalendar, icsLocation, icsSeriesOf } from '@/server/events/ics';

/**
 * Cancelled events stay in the feed this long. Events are deleted (the calendar entry goes with them),
 * so a cancellation is known only from the `event_removed` notification that carries its dates
 * (notify-followers' cancelledCalendarParams); a month covers any calendar app's refresh.
 */
const cancelledKeptDays = 30;

// 32 random bytes in base64url: 43 characters, nothing else is ever looked up.
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

function attendeeOnly(actor: AuthUser) {
  if (actor.role !== 'user') throw forbidden();
}

export function calendarFeedUrls(token: string): CalendarFeedUrls {
  const https = `${getConfig().publicUrl}/api/calendar/feed/${token}.ics`;
  return { https, webcal: https.replace(/^https?:/, 'webcal:') };
}

/** The attendee's feed addresses, or null before the first "create". */
export async function getCalendarFeedUrls({ actor }: { actor: AuthUser }): Promise<CalendarFeedUrls | null> {
  attendeeOnly(actor);
  const db = await getDb();
  const [row] = await db.select({ token: users.calendarFeedToken }).from(users).where(eq(users.id, actor.id));
  return row?.token ? calendarFeedUrls(row.token) : null;
}

/** Spec: the button on /calendar creates the secret, or replaces it; the old address stops working. */
export async function resetCalendarFeed({ actor }: { actor: AuthUser }): Promise<CalendarFeedUrls> {
  attendeeOnly(actor);
  const token = randomBytes(32).toString('base64url');
  const db = await getDb();
  await db.update(users).set({ calendarFeedToken: token }).where(eq(users.id, actor.id));
  return calendarFeedUrls(token);
}

/**
 * The feed behind a secret token: every event of the owner's calendar, then the cancelled ones. An
 * unknown token costs one indexed lookup like a known one and answers not found, whatever its shape.
 */
export async function getCalendarFeed({
  token,
  calendarName,
}: {
  token: string;
  calendarName: string;
}): Promise<string> {
  const db = await getDb();
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.calendarFeedToken, tokenPattern.test(token) ? token : ''))
    .limit(1);
  if (!owner) throw notFound();
  const publicUrl = getConfig().publicUrl;
  const [kept, cancelled] = await Promise.all([
    db
      .select({
        id: events.id,
        name: events.name,
        start: events.startDate,
        end: events.endDate,
        place_name: events.placeName,
        street: events.street,
        postcode: events.postcode,
        city: events.city,
        repeatRule: events.repeatRule,
        seriesStart: events.seriesStart,
        seriesEnd: events.seriesEnd,
      })
      .from(calendarEntries)
      .innerJoin(events, eq(events.id, calendarEntries.eventId))
      .where(and(eq(calendarEntries.userId, owner.id), isNull(events.hiddenAt)))
      .orderBy(asc(events.startDate)),
    db
      .select({ params: notifications.params })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, owner.id),
          eq(notifications.type, 'event_removed'),
          sql`${notifications.params} ? 'calendar_event'`,
          gt(notifications.createdAt, sql`now() - make_interval(days => ${cancelledKeptDays})`),
        ),
      ),
  ]);
  // A series is one recurring VEVENT; the exceptions of all of them come in one query.
  const series = await icsSeriesOf(db, kept);
  const feed: IcsEvent[] = kept.map((e) => ({
    id: e.id,
    name: e.name,
    start: e.start.toISOString(),
    end: e.end.toISOString(),
    location: icsLocation(e),
    url: `${publicUrl}/event/${e.id}`,
    series: series.get(e.id),
  }));
  for (const { params } of cancelled) {
    feed.push({
      id: Number(params.calendar_event),
      name: String(params.event),
      start: String(params.start),
      end: String(params.end),
      cancelled: true,
    });
  }
  return icsCalendar(feed, { name: calendarName });
}
