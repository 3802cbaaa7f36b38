import { and, asc, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { notifications, placeFavourites } from '@/db/schema';
import { translate } from '@/i18n/translate';
import { createEventBodySchema } from '@/lib/schemas/event';
import type { AuthUser } from '@/server/auth/access-tokens';
import { createEvent } from '@/server/events/create-event';
import { notifyPlaceFollowers } from '@/server/events/notify-followers';
import { createImport } from '@/server/imports/manage-imports';
import { insertActor, insertEvent, insertPlace, seededPlans } from '@/test-support/fixtures';
import {
  countNotifications,
  listAllNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationsPerPage,
} from './list-notifications';

// Issue 29: a favourite place's new events are one unread notification per follower, place and Warsaw
// day ("Klub X: 8 nowych wydarzeń"); "mark all as read"; a page of all notifications.

let topPlanId: number;

beforeAll(async () => {
  topPlanId = (await seededPlans()).topPlan.id;
});

/** A company with a place called `name`, and `fans` attendees who keep it among their favourites. */
async function placeWithFans(name: string, fans = 1) {
  const company = await insertActor('company', { eventsLeft: 50, premiumSettingId: topPlanId });
  const place = await insertPlace(company.id, { name });
  const followers = await Promise.all(Array.from({ length: fans }, () => insertActor('user')));
  const db = await getDb();
  await db.insert(placeFavourites).values(followers.map((f) => ({ userId: f.id, placeId: place.id })));
  return { company, place, fans: followers };
}

const publish = (actor: AuthUser, placeId: number, name: string) =>
  createEvent({
    actor,
    input: createEventBodySchema.parse({
      category_id: '1',
      place_id: String(placeId),
      name,
      price_min: '20',
      price_max: '40',
      spots_left: '100',
      start_date: '2031-03-01',
      start_date_h: '18:00',
      end_date: '2031-03-01',
      end_date_h: '20:00',
    }),
    files: { images: [] },
  });

async function rowsOf(userId: number) {
  const db = await getDb();
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.id));
}

describe('notifications of a favourite place’s new events', () => {
  it('tells of a single event by its name, with a link to it', async () => {
    const { company, place, fans } = await placeWithFans('Klub Żak');
    const fan = fans[0] as AuthUser;
    const { id } = await publish(company, place.id, 'Jazz nad ranem');
    const rows = await rowsOf(fan.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'event_published', eventId: id, placeId: place.id, readAt: null });
    const bell = await listNotifications({ userId: fan.id, locale: 'pl' });
    expect(bell.data.map((n) => n.message)).toEqual(['Klub Żak dodaje nowe wydarzenie: Jazz nad ranem']);
  });

  it('gathers three events of one day into one row counting 3 that links to the place', async () => {
    const { company, place, fans } = await placeWithFans('Klub Żak', 2);
    for (const name of ['Jeden', 'Dwa', 'Trzy']) await publish(company, place.id, name);
    for (const fan of fans) {
      const rows = await rowsOf(fan.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        type: 'event_published_group',
        params: { place: 'Klub Żak', count: 3 },
        eventId: null,
        placeId: place.id,
      });
      expect(await countNotifications({ userId: fan.id })).toBe(1);
      const [pl] = (await listNotifications({ userId: fan.id, locale: 'pl' })).data;
      const [en] = (await listNotifications({ userId: fan.id, locale: 'en' })).data;
      expect(pl).toMatchObject({
        message: 'Klub Żak: 3 nowe wydarzenia',
        event_id: null,
        place_id: place.id,
      });
      expect(en?.message).toBe('Klub Żak: 3 new events');
    }
  });

  it('words the count with the Polish plural forms', () => {
    const say = (locale: 'pl' | 'en', count: number) =>
      translate(locale, 'notifications.event_published_group', { place: 'Klub X', count });
    expect(say('pl', 2)).toBe('Klub X: 2 nowe wydarzenia');
    expect(say('pl', 4)).toBe('Klub X: 4 nowe wydarzenia');
    expect(say('pl', 5)).toBe('Klub X: 5 nowych wydarzeń');
    expect(say('pl', 8)).toBe('Klub X: 8 nowych wydarzeń');
    expect(say('pl', 12)).toBe('Klub X: 12 nowych wydarzeń');
    expect(say('pl', 22)).toBe('Klub X: 22 nowe wydarzenia');
    expect(say('en', 8)).toBe('Klub X: 8 new events');
  });

  it('starts a new row on the next Warsaw calendar day, not after 24 hours', async () => {
    const { company, place, fans } = await placeWithFans('Klub Żak');
    const fan = fans[0] as AuthUser;
    const event = await insertEvent(company.id, place.id);
    const db = await getDb();
    const notify = (at: string, name: string) =>
      db.transaction((tx) =>
        notifyPlaceFollowers(tx, {
          placeId: place.id,
          eventId: event.id,
          params: { place: place.name, event: name },
          now: new Date(at),
        }),
      );
    // 23:30 and 23:59 in Warsaw (UTC+1 in winter) are one day; 00:10 is the next one.
    await notify('2031-01-10T22:30:00Z', 'A');
    await notify('2031-01-10T22:59:00Z', 'B');
    await notify('2031-01-10T23:10:00Z', 'C');
    const rows = await rowsOf(fan.id);
    expect(rows.map((r) => [r.groupKey, r.type, r.params])).toEqual([
      [`place:${place.id}:2031-01-10`, 'event_published_group', { place: 'Klub Żak', count: 2 }],
      [`place:${place.id}:2031-01-11`, 'event_published', { place: 'Klub Żak', event: 'C' }],
    ]);
  });

  it('starts a new group once the old one was read', async () => {
    const { company, place, fans } = await placeWithFans('Klub Żak');
    const fan = fans[0] as AuthUser;
    await publish(company, place.id, 'Jeden');
    await publish(company, place.id, 'Dwa');
    const [group] = await rowsOf(fan.id);
    await markNotificationRead({ userId: fan.id, id: group?.id as number });
    const { id } = await publish(company, place.id, 'Trzy');
    const rows = await rowsOf(fan.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ id: group?.id, params: { count: 2 } });
    expect(rows[0]?.readAt).not.toBeNull();
    expect(rows[1]).toMatchObject({ type: 'event_published', eventId: id, readAt: null });
  });

  it('ends two events published at once in one group counting 2', async () => {
    const { company, place, fans } = await placeWithFans('Klub Żak', 3);
    await Promise.all([publish(company, place.id, 'Lewy'), publish(company, place.id, 'Prawy')]);
    for (const fan of fans) {
      const rows = await rowsOf(fan.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ type: 'event_published_group', params: { count: 2 } });
    }
  });

  it('gathers the events of one calendar import, a series among them, into one row', async () => {
    const { company, place, fans } = await placeWithFans('Klub Żak');
    const fan = fans[0] as AuthUser;
    const vevent = (uid: string, summary: string, rule?: string) => [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      'DTSTAMP:20301101T000000Z',
      `SUMMARY:${summary}`,
      'DTSTART:20310115T180000Z',
      'DTEND:20310115T200000Z',
      ...(rule ? [`RRULE:${rule}`] : []),
      'END:VEVENT',
    ];
    const file = `${[
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//test//groups//EN',
      ...vevent('a', 'Jeden'),
      ...vevent('b', 'Dwa'),
      ...vevent('c', 'Trzy'),
      ...vevent('d', 'Co tydzień', 'FREQ=WEEKLY;COUNT=4'),
      'END:VCALENDAR',
    ].join('\r\n')}\r\n`;
    const { summary } = await createImport({ actor: company, placeId: place.id, categoryId: 1, file });
    expect(summary.created).toBe(4);
    const rows = await rowsOf(fan.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'event_published_group', params: { count: 4 }, placeId: place.id });
  });

  it('keeps different places apart', async () => {
    const a = await placeWithFans('Klub A');
    const b = await insertPlace(a.company.id, { name: 'Klub B' });
    const fan = a.fans[0] as AuthUser;
    const db = await getDb();
    await db.insert(placeFavourites).values({ userId: fan.id, placeId: b.id });
    await publish(a.company, a.place.id, 'Jeden');
    await publish(a.company, b.id, 'Dwa');
    await publish(a.company, a.place.id, 'Trzy');
    const messages = (await listNotifications({ userId: fan.id, locale: 'en' })).data.map((n) => n.message);
    expect(messages.sort()).toEqual(['Klub A: 2 new events', 'Klub B has a new event: Dwa']);
  });
});

describe('markAllNotificationsRead', () => {
  it('marks every unread notification of the user read in one go, and no one else’s', async () => {
    const { company, place, fans } = await placeWithFans('Klub Żak', 2);
    const [me, other] = fans as [AuthUser, AuthUser];
    const db = await getDb();
    await db.insert(notifications).values([
      { userId: me.id, type: 'event_reminder', params: { event: 'Jutro' } },
      { userId: me.id, type: 'event_changed', params: { event: 'Zmiana' }, readAt: new Date('2030-01-01') },
    ]);
    await publish(company, place.id, 'Jeden');
    expect(await countNotifications({ userId: me.id })).toBe(2);
    expect(await markAllNotificationsRead({ userId: me.id })).toBe(2);
    expect(await countNotifications({ userId: me.id })).toBe(0);
    expect(await countNotifications({ userId: other.id })).toBe(1);
    const mine = await rowsOf(me.id);
    expect(mine.every((r) => r.readAt !== null)).toBe(true);
    // The one read before keeps its time.
    expect(mine.find((r) => r.type === 'event_changed')?.readAt).toEqual(new Date('2030-01-01'));
    expect(await markAllNotificationsRead({ userId: me.id })).toBe(0);
    const unreadOfOther = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, other.id), isNull(notifications.readAt)));
    expect(unreadOfOther).toHaveLength(1);
  });
});

describe('listAllNotifications', () => {
  it('pages all notifications, read and unread, newest first, and clamps a page past the end', async () => {
    const me = await insertActor('user');
    const someoneElse = await insertActor('user');
    const db = await getDb();
    const total = notificationsPerPage * 2 + 5;
    const start = Date.UTC(2031, 0, 1);
    await db.insert(notifications).values([
      ...Array.from({ length: total }, (_, i) => ({
        userId: me.id,
        type: 'event_reminder',
        params: { event: `Wydarzenie ${i + 1}` },
        createdAt: new Date(start + i * 60_000),
        readAt: i % 2 === 0 ? new Date(start + i * 60_000 + 1000) : null,
      })),
      { userId: someoneElse.id, type: 'event_reminder', params: { event: 'Cudze' } },
    ]);

    const first = await listAllNotifications({ userId: me.id, locale: 'pl' });
    expect(first).toMatchObject({ current_page: 1, last_page: 3, per_page: notificationsPerPage, total });
    expect(first.data).toHaveLength(notificationsPerPage);
    expect(first.data[0]).toMatchObject({ message: `Jutro: Wydarzenie ${total}`, read: true });
    expect(first.data[1]).toMatchObject({ message: `Jutro: Wydarzenie ${total - 1}`, read: false });

    const last = await listAllNotifications({ userId: me.id, locale: 'en', page: 3 });
    expect(last.data.map((n) => n.message)).toEqual([5, 4, 3, 2, 1].map((i) => `Tomorrow: Wydarzenie ${i}`));
    const beyond = await listAllNotifications({ userId: me.id, locale: 'en', page: 40 });
    expect(beyond.current_page).toBe(3);
    expect(beyond.data.map((n) => n.id)).toEqual(last.data.map((n) => n.id));

    // The bell's list is unchanged: the newest unread ones, at most 6, and how many unread there are.
    const bell = await listNotifications({ userId: me.id, locale: 'pl' });
    expect(bell.total).toBe(Math.floor(total / 2));
    expect(bell.data).toHaveLength(6);
    expect(bell.data.every((n) => !n.read)).toBe(true);
  });

  it('gives an empty first page to a user with none', async () => {
    const me = await insertActor('user');
    expect(await listAllNotifications({ userId: me.id, locale: 'pl', page: 5 })).toMatchObject({
      data: [],
      current_page: 1,
      last_page: 1,
      total: 0,
    });
  });
});
