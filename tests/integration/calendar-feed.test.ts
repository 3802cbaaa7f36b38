import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import * as s from '@/db/schema';
import { warsawToDate } from '@/lib/warsaw-time';
import { createAccount, createOrganiser, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

// Issue 12 point 5: the private calendar feed (a secret webcal:// address, RFC 5545) with cancelled
// events as STATUS:CANCELLED, and POST /api/calendar/feed/reset.

setupTestDb();
const api = setupApi();

let categoryId: number;

beforeAll(async () => {
  const db = await getDb();
  const [category] = await db.select({ id: s.categories.id }).from(s.categories).limit(1);
  categoryId = category!.id;
});

const day = 86_400_000;

async function addEvent(organiser: { user: { id: number }; placeId: number }, name: string, inDays: number) {
  const db = await getDb();
  const start = new Date(Math.floor((Date.now() + inDays * day) / 60_000) * 60_000);
  const [event] = await db
    .insert(s.events)
    .values({
      userId: organiser.user.id,
      placeId: organiser.placeId,
      categoryId,
      name,
      city: 'Gdańsk',
      placeName: 'Sala, duża',
      street: 'Długa 1',
      postcode: '80-001',
      startDate: start,
      endDate: new Date(start.getTime() + 2 * 3_600_000),
    })
    .returning();
  return event!;
}

async function keep(auth: Record<string, string>, id: number, list: 'calendar' | 'favourite') {
  const res = await api().inject({
    method: 'POST',
    url: `/api/event/add_${list}`,
    headers: auth,
    payload: { id },
  });
  expect(res.statusCode).toBeLessThan(300);
}

async function reset(auth: Record<string, string>) {
  const res = await api().inject({ method: 'POST', url: '/api/calendar/feed/reset', headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json().data as { webcal: string; https: string };
}

const pathOf = (https: string) => new URL(https).pathname;

function parse(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents('vevent').map((v) => ({
    uid: v.getFirstPropertyValue('uid'),
    summary: v.getFirstPropertyValue('summary'),
    location: v.getFirstPropertyValue('location'),
    url: v.getFirstPropertyValue('url'),
    status: v.getFirstPropertyValue('status'),
    start: (v.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    stamp: v.getFirstPropertyValue('dtstamp'),
  }));
}

describe('private calendar feed', () => {
  it('lists the calendar, cancelled events as CANCELLED, folded and escaped per RFC 5545', async () => {
    const organiser = await createOrganiser();
    const attendee = await createAccount('user');
    const longName = `Jazz; blues, soul — wieczór z bardzo długim tytułem ${'ąęłńóśźż'.repeat(6)}`;
    const kept = await addEvent(organiser, longName, 3);
    const cancelled = await addEvent(organiser, 'Odwołany koncert', 5);
    const favouriteOnly = await addEvent(organiser, 'Tylko ulubione', 6);
    const other = await addEvent(organiser, 'Nie w kalendarzu', 7);
    await keep(attendee.auth, kept.id, 'calendar');
    await keep(attendee.auth, cancelled.id, 'calendar');
    await keep(attendee.auth, cancelled.id, 'favourite');
    await keep(attendee.auth, favouriteOnly.id, 'favourite');
    for (const id of [cancelled.id, favouriteOnly.id]) {
      const res = await api().inject({ method: 'DELETE', url: `/api/event/${id}`, headers: organiser.auth });
      expect(res.statusCode).toBe(204);
    }

    const urls = await reset(attendee.auth);
    expect(urls.webcal).toMatch(/^webcal:\/\/[^/]+\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(urls.https.replace(/^https?:/, 'webcal:')).toBe(urls.webcal);

    const res = await api().inject({ url: pathOf(urls.https) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(String(res.headers['cache-control'])).toMatch(/private/);
    expect(String(res.headers['cache-control'])).toMatch(/no-store/);
    const body = res.body;
    expect(body.endsWith('\r\n')).toBe(true);
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/\n/);

    const events = parse(body);
    expect(events).toHaveLength(2);
    const [first, second] = events;
    expect(first).toMatchObject({
      uid: `event-${kept.id}@wydarzeniaimiejsca`,
      summary: longName,
      location: 'Sala, duża, Długa 1, 80-001 Gdańsk',
      url: expect.stringMatching(new RegExp(`/event/${kept.id}$`)),
      status: null,
      start: kept.startDate.toISOString(),
    });
    expect(first!.stamp).toBeTruthy();
    expect(second).toMatchObject({
      uid: `event-${cancelled.id}@wydarzeniaimiejsca`,
      summary: 'Odwołany koncert',
      status: 'CANCELLED',
      start: cancelled.startDate.toISOString(),
    });
    expect(body).toContain('SUMMARY:Jazz\\; blues\\, soul');
    expect(body).not.toContain('Tylko ulubione');
    expect(body).not.toContain(other.name);
  });

  it('writes a series as one recurring VEVENT with its cancelled and moved dates', async () => {
    // Issue 17 item 4: weekly on Saturdays at 19:00 from 2031-03-15; summer time begins on 2031-03-30.
    const organiser = await createOrganiser();
    const attendee = await createAccount('user');
    const at = (date: string, time = '19:00') => warsawToDate(date, time) as Date;
    const db = await getDb();
    const [series] = await db
      .insert(s.events)
      .values({
        userId: organiser.user.id,
        placeId: organiser.placeId,
        categoryId,
        name: 'Quiz',
        city: 'Gdańsk',
        startDate: at('2031-03-15'),
        endDate: at('2031-03-15', '21:00'),
        repeatRule: 'FREQ=WEEKLY;BYDAY=SA;COUNT=6',
        seriesStart: at('2031-03-15'),
        seriesEnd: at('2031-03-15', '21:00'),
      })
      .returning();
    await db.insert(s.eventExceptions).values([
      { eventId: series!.id, originalStart: at('2031-03-22') },
      {
        eventId: series!.id,
        originalStart: at('2031-04-05'),
        newStart: at('2031-04-06', '18:00'),
        newEnd: at('2031-04-06', '20:00'),
      },
    ]);
    await keep(attendee.auth, series!.id, 'calendar');
    const res = await api().inject({ url: pathOf((await reset(attendee.auth)).https) });
    expect(res.statusCode).toBe(200);

    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const [zone, ...otherZones] = calendar.getAllSubcomponents('vtimezone');
    expect(otherZones).toHaveLength(0);
    ICAL.TimezoneService.register(zone!);
    try {
      const vevents = calendar.getAllSubcomponents('vevent');
      expect(vevents.map((v) => v.getFirstPropertyValue('uid'))).toEqual([
        `event-${series!.id}@wydarzeniaimiejsca`,
        `event-${series!.id}@wydarzeniaimiejsca`,
      ]);
      expect(res.body).toContain('RRULE:FREQ=WEEKLY;BYDAY=SA;COUNT=6\r\n');
      expect(res.body).toContain('EXDATE;TZID=Europe/Warsaw:20310322T190000\r\n');
      expect(res.body).toContain('RECURRENCE-ID;TZID=Europe/Warsaw:20310405T190000\r\n');
      const event = new ICAL.Event(vevents[0]!);
      event.relateException(vevents[1]!);
      const starts: string[] = [];
      const iterator = event.iterator();
      for (let next = iterator.next(); next && starts.length < 50; next = iterator.next())
        starts.push(event.getOccurrenceDetails(next).startDate.toJSDate().toISOString());
      expect(starts).toEqual([
        '2031-03-15T18:00:00.000Z',
        '2031-03-29T18:00:00.000Z',
        '2031-04-06T16:00:00.000Z',
        '2031-04-12T17:00:00.000Z',
        '2031-04-19T17:00:00.000Z',
      ]);
    } finally {
      ICAL.TimezoneService.reset();
    }
  });

  it("lists an event of a deleted place as CANCELLED, and nobody else's events", async () => {
    const organiser = await createOrganiser();
    const attendee = await createAccount('user');
    const stranger = await createAccount('user');
    const event = await addEvent(organiser, 'Koncert w zamkniętej sali', 4);
    await keep(attendee.auth, event.id, 'calendar');
    const db = await getDb();
    const gone = await api().inject({
      method: 'DELETE',
      url: `/api/place/${organiser.placeId}`,
      headers: organiser.auth,
    });
    expect(gone.statusCode).toBeLessThan(300);
    expect(await db.select().from(s.events).where(eq(s.events.id, event.id))).toHaveLength(0);

    const feed = await api().inject({ url: pathOf((await reset(attendee.auth)).https) });
    expect(parse(feed.body)).toMatchObject([
      {
        uid: `event-${event.id}@wydarzeniaimiejsca`,
        summary: 'Koncert w zamkniętej sali',
        status: 'CANCELLED',
      },
    ]);
    const empty = await api().inject({ url: pathOf((await reset(stranger.auth)).https) });
    expect(empty.statusCode).toBe(200);
    expect(parse(empty.body)).toEqual([]);
  });

  it('answers 404 for the old address after a reset, and for any wrong token', async () => {
    const attendee = await createAccount('user');
    const before = await reset(attendee.auth);
    expect((await api().inject({ url: pathOf(before.https) })).statusCode).toBe(200);
    const after = await reset(attendee.auth);
    expect(after.https).not.toBe(before.https);
    expect((await api().inject({ url: pathOf(before.https) })).statusCode).toBe(404);
    expect((await api().inject({ url: pathOf(after.https) })).statusCode).toBe(200);
    const token = pathOf(after.https).split('/').pop()!.replace('.ics', '');
    for (const url of [
      `/api/calendar/feed/${'A'.repeat(43)}.ics`,
      `/api/calendar/feed/${token}`,
      `/api/calendar/feed/${token.slice(0, -1)}.ics`,
      '/api/calendar/feed/.ics',
      `/api/calendar/feed/${encodeURIComponent("' or 1=1 --")}.ics`,
    ]) {
      expect((await api().inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('lets only a signed-in attendee create or reset the address', async () => {
    expect((await api().inject({ method: 'POST', url: '/api/calendar/feed/reset' })).statusCode).toBe(401);
    for (const role of ['company', 'admin'] as const) {
      const account = await createAccount(role);
      const res = await api().inject({
        method: 'POST',
        url: '/api/calendar/feed/reset',
        headers: account.auth,
      });
      expect(res.statusCode).toBe(403);
    }
  });
});
