import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import * as s from '@/db/schema';
import { warsawParts } from '@/lib/warsaw-time';
import { resetRateLimits } from '@/server/rate-limit';
import { createAccount, createOrganiser, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { multipart } from '../helpers/forms';

// Issue 17 item 4 through the API: a series is created, found, shown, edited and refused as one event.

setupTestDb();
const api = setupApi();
// A company with one place (in Gdańsk) and `eventsLeft` creations.
const organiser = (eventsLeft = 10) => createOrganiser({ eventsLeft });

const name = () => `Quiz w Żaku ${Math.random().toString(36).slice(2, 8)}`;

const seriesFields = (placeId: number, overrides: Record<string, string | string[]> = {}) => ({
  category_id: '1',
  place_id: String(placeId),
  name: name(),
  price_min: '0',
  price_max: '0',
  spots_left: '50',
  start_date: '2031-03-15',
  start_date_h: '19:00',
  end_date: '2031-03-15',
  end_date_h: '21:00',
  repeat: 'weekly',
  'repeat_days[]': ['SA'],
  repeat_end: 'count',
  repeat_count: '6',
  'cancel_dates[]': ['2031-03-29'],
  ...overrides,
});

async function send(url: string, auth: Record<string, string>, fields: Record<string, string | string[]>) {
  const form = await multipart(fields, {});
  return api().inject({
    method: 'POST',
    url,
    headers: { ...form.headers, ...auth, 'accept-language': 'en' },
    payload: form.payload,
  });
}

const wall = (iso: string) => {
  const p = warsawParts(iso);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
};

async function left(userId: number) {
  const db = await getDb();
  const [row] = await db.select({ n: s.users.eventsLeft }).from(s.users).where(eq(s.users.id, userId));
  return row?.n;
}

describe('a weekly series through the API', () => {
  it('takes one creation, is found once with its next dates, and its page lists them', async () => {
    const org = await organiser(3);
    const fields = seriesFields(org.placeId);
    const res = await send('/api/event', org.auth, fields);
    expect(res.statusCode).toBe(201);
    expect(res.json().events_left).toBe(2);
    expect(await left(org.user.id)).toBe(2);
    const event = res.json().data;
    expect(wall(event.start_date)).toBe('2031-03-15 19:00');
    expect(event.series).toMatchObject({
      rule: 'FREQ=WEEKLY;BYDAY=SA;COUNT=6',
      repeat: { freq: 'weekly', interval: 1, days: ['SA'], count: 6, until: null },
    });
    expect(
      event.series.next_dates.map((d: { start: string; cancelled: boolean }) => [wall(d.start), d.cancelled]),
    ).toEqual([
      ['2031-03-15 19:00', false],
      ['2031-03-22 19:00', false],
      ['2031-03-29 19:00', true],
      // The clocks go forward on 2031-03-30: still 19:00 in Warsaw.
      ['2031-04-05 19:00', false],
      ['2031-04-12 19:00', false],
      ['2031-04-19 19:00', false],
    ]);

    const found = await api().inject({ url: `/api/event?search=${encodeURIComponent(fields.name)}` });
    expect(found.json().total).toBe(1);
    expect(found.json().data[0]).toMatchObject({ id: event.id });
    expect(found.json().data[0].also_on.map(wall)).toEqual([
      '2031-03-22 19:00',
      '2031-04-05 19:00',
      '2031-04-12 19:00',
    ]);
    const shown = await api().inject({ url: `/api/event/${event.id}` });
    expect(shown.json().data.series.next_dates).toHaveLength(6);
  });

  it('refuses an exception on a date the rule does not give with a 422 and creates nothing', async () => {
    const org = await organiser(3);
    const res = await send(
      '/api/event',
      org.auth,
      seriesFields(org.placeId, { 'cancel_dates[]': ['2031-03-30'] }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.cancel_dates).toEqual(["This is not one of the series' dates."]);
    const wrongDay = await send(
      '/api/event',
      org.auth,
      seriesFields(org.placeId, { 'repeat_days[]': ['SU'] }),
    );
    expect(wrongDay.statusCode).toBe(422);
    expect(wrongDay.json().errors.repeat_days).toEqual([
      'The first date must fall on one of the chosen days.',
    ]);
    const noEnd = await send('/api/event', org.auth, seriesFields(org.placeId, { repeat_end: 'until' }));
    expect(noEnd.json().errors.repeat_until).toEqual(['This field is required.']);
    const db = await getDb();
    const [n] = await db.select({ n: count() }).from(s.events).where(eq(s.events.userId, org.user.id));
    expect(n?.n).toBe(0);
    expect(await left(org.user.id)).toBe(3);
  });

  it('edits the series without taking a creation, and tells followers of a newly cancelled date', async () => {
    const org = await organiser(3);
    const fields = seriesFields(org.placeId);
    const created = (await send('/api/event', org.auth, fields)).json().data;
    const fan = await createAccount('user');
    const favourite = await api().inject({
      method: 'POST',
      url: '/api/event/add_favourite',
      headers: fan.auth,
      payload: { id: created.id },
    });
    expect(favourite.statusCode).toBeLessThan(300);
    const edited = await send(`/api/event/${created.id}`, org.auth, {
      ...fields,
      _method: 'PUT',
      'cancel_dates[]': ['2031-03-29', '2031-04-12'],
      'move_from[]': ['2031-04-05'],
      'move_date[]': ['2031-04-06'],
      'move_time[]': ['17:30'],
    });
    expect(edited.statusCode).toBe(200);
    expect(await left(org.user.id)).toBe(2);
    const shown = (await api().inject({ url: `/api/event/${created.id}` })).json().data;
    const dates = shown.series.next_dates.map(
      (d: { start: string; cancelled: boolean; moved_from: string | null }) => [
        wall(d.start),
        d.cancelled,
        d.moved_from && wall(d.moved_from),
      ],
    );
    expect(dates).toEqual([
      ['2031-03-15 19:00', false, null],
      ['2031-03-22 19:00', false, null],
      ['2031-03-29 19:00', true, null],
      ['2031-04-06 17:30', false, '2031-04-05 19:00'],
      ['2031-04-12 19:00', true, null],
      ['2031-04-19 19:00', false, null],
    ]);
    const bell = await api().inject({
      url: '/api/notification',
      headers: { ...fan.auth, 'accept-language': 'en' },
    });
    const messages = bell.json().data.map((n: { message: string }) => n.message);
    expect(messages).toContain(`A date of ${fields.name} is cancelled: 12.04.2031 19:00`);
  });
});

describe('saving events in a loop', () => {
  it('is stopped after 120 saves in ten minutes by one company, before the body is read', async () => {
    resetRateLimits();
    const org = await organiser(3);
    const other = await organiser(3);
    const created = (await send('/api/event', org.auth, seriesFields(org.placeId))).json().data;
    const codes: number[] = [];
    for (let i = 0; i < 120; i++)
      codes.push((await send(`/api/event/${created.id}`, org.auth, { _method: 'PUT', name: '' })).statusCode);
    // One save was the creation: 119 edits answer as usual (a 422 for the empty name), then 429.
    expect(codes.slice(0, 119).every((c) => c === 422)).toBe(true);
    expect(codes[119]).toBe(429);
    expect((await send('/api/event', org.auth, seriesFields(org.placeId))).statusCode).toBe(429);
    // Another company is not held back.
    expect((await send('/api/event', other.auth, seriesFields(other.placeId))).statusCode).toBe(201);
  });
});
