import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import * as s from '@/db/schema';
import { createAccount, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { multipart, png } from '../helpers/forms';

setupTestDb();
const api = setupApi();
let proPlan: number;

beforeAll(async () => {
  const db = await getDb();
  const plans = await db.select().from(s.premiumSettings);
  proPlan = plans.reduce((a, b) => (b.level > a.level ? b : a)).id;
});

/** A company on the top plan with one place in Gdańsk and `left` event creations. */
async function organiser(left = 10) {
  const account = await createAccount('company');
  const db = await getDb();
  await db
    .update(s.users)
    .set({ premiumSettingId: proPlan, eventsLeft: left })
    .where(eq(s.users.id, account.user.id));
  const [place] = await db
    .insert(s.places)
    .values({
      userId: account.user.id,
      name: 'Filharmonia',
      city: 'Gdańsk',
      street: 'Ołowianka 1',
      postcode: '80-751',
      lat: 54.352,
      lng: 18.66,
      phone: '+48 58 320 62 62',
    })
    .returning();
  return { ...account, placeId: place!.id };
}

const eventFields = (
  placeId: number,
  overrides: Record<string, string | string[]> = {},
): Record<string, string | string[]> => ({
  category_id: '1',
  place_id: String(placeId),
  name: 'Koncert noworoczny',
  description: '<p>Walce i polki.</p><script>x()</script>',
  price_min: '40',
  price_max: '120,50',
  spots_left: '300',
  buy_ticket_url: 'bilety.example.com/1',
  'youtube[]': ['https://youtu.be/dQw4w9WgXcQ'],
  start_date: '2027-01-01',
  start_date_h: '18:00',
  end_date: '2027-01-01',
  end_date_h: '20:30',
  ...overrides,
});

async function create(
  auth: Record<string, string>,
  fields: Record<string, string | string[]>,
  files: Record<string, Buffer | Buffer[]> = {},
) {
  const form = await multipart(fields, files);
  return api().inject({
    method: 'POST',
    url: '/api/event',
    headers: { ...form.headers, ...auth, 'accept-language': 'en' },
    payload: form.payload,
  });
}

async function eventsLeft(userId: number) {
  const db = await getDb();
  const [row] = await db.select({ left: s.users.eventsLeft }).from(s.users).where(eq(s.users.id, userId));
  return row?.left;
}

describe('creating events', () => {
  it('creates an event at the company’s place with banner, photos and films, taking one creation', async () => {
    const org = await organiser(5);
    const res = await create(
      org.auth,
      { ...eventFields(org.placeId), default_image: 'new:1' },
      {
        banner: await png(1600, 500),
        'images[]': [await png(60, 40, '#ff0000'), await png(60, 40, '#00ff00')],
      },
    );
    expect(res.statusCode).toBe(201);
    const event = res.json().data;
    expect(event).toMatchObject({
      name: 'Koncert noworoczny',
      description: '<p>Walce i polki.</p>',
      place_id: org.placeId,
      place_name: 'Filharmonia',
      city: 'Gdańsk',
      street: 'Ołowianka 1',
      start_date: '2027-01-01T17:00:00.000Z',
      end_date: '2027-01-01T19:30:00.000Z',
      price_min: 40,
      price_max: 120.5,
      spots_left: 300,
      buy_ticket_url: 'http://bilety.example.com/1',
      movies: ['dQw4w9WgXcQ'],
      category: { id: 1 },
      place: { id: org.placeId, name: 'Filharmonia', user: { id: org.user.id } },
    });
    expect(event.banner.url).toMatch(/^\/media\/banner\//);
    expect(event.images).toHaveLength(2);
    expect(event.images.filter((i: { is_default: boolean }) => i.is_default)).toEqual([event.images[1]]);
    expect(res.json().events_left).toBe(4);
    expect(await eventsLeft(org.user.id)).toBe(4);

    const left = await api().inject({ url: '/api/company/get_events_left', headers: org.auth });
    expect(left.json().data.events_left).toBe(4);
    const mine = await api().inject({ url: '/api/event/get_mine', headers: org.auth });
    expect(mine.json().data.map((e: { id: number }) => e.id)).toEqual([event.id]);
  });

  it.each([
    ['name', { name: '' }, 'This field is required.'],
    ['place_id', { place_id: '' }, 'This field is required.'],
    ['category_id', { category_id: '' }, 'This field is required.'],
    ['category_id', { category_id: '9999' }, 'Choose one of the available options.'],
    ['spots_left', { spots_left: 'many' }, 'Enter a number.'],
    ['price_min', { price_min: '' }, 'This field is required.'],
    ['price_min', { price_min: 'free' }, 'Enter a number.'],
    [
      'price_max',
      { price_min: '100', price_max: '50' },
      'The maximum price cannot be lower than the minimum.',
    ],
    ['end_date', { end_date: '2027-01-01', end_date_h: '17:00' }, 'The end must be later than the start.'],
    ['start_date', { start_date: '01.01.2027' }, 'Enter a valid date.'],
    ['start_date', { start_date: '2027-02-30' }, 'Enter a valid date.'],
    ['end_date', { end_date: '2027-02-30' }, 'Enter a valid date.'],
    ['place_id', { place_id: '3000000000' }, 'The value must be at most 2147483647.'],
    ['name', { name: 'Koncert\u0000' }, 'This value is not valid.'],
    ['buy_ticket_url', { buy_ticket_url: 'not a url' }, 'Enter a valid web address.'],
    ['youtube.0', { 'youtube[]': ['no'] }, 'Enter a YouTube link or video id.'],
  ])('refuses a bad %s with a 422, creates nothing and keeps the quota', async (field, change, message) => {
    const org = await organiser(3);
    const res = await create(org.auth, eventFields(org.placeId, change));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    const db = await getDb();
    const [n] = await db.select({ n: count() }).from(s.events).where(eq(s.events.userId, org.user.id));
    expect(n?.n).toBe(0);
    expect(await eventsLeft(org.user.id)).toBe(3);
  });

  it('refuses another company’s place, attendees and anonymous callers', async () => {
    const org = await organiser();
    const other = await organiser();
    expect((await create(other.auth, eventFields(org.placeId))).statusCode).toBe(403);
    const user = await createAccount('user');
    expect((await create(user.auth, eventFields(org.placeId))).statusCode).toBe(403);
    expect((await create({}, eventFields(org.placeId))).statusCode).toBe(401);
    expect(await eventsLeft(other.user.id)).toBe(10);
  });

  it('refuses at a quota of 0 with a clear error and creates nothing', async () => {
    const org = await organiser(0);
    const res = await create(org.auth, eventFields(org.placeId));
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/no event creations left/);
  });

  it('creates exactly K events when N > K are sent at once', async () => {
    const org = await organiser(3);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        create(org.auth, eventFields(org.placeId, { name: `Koncert ${i}` })),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 402)).toHaveLength(5);
    const db = await getDb();
    const [n] = await db.select({ n: count() }).from(s.events).where(eq(s.events.userId, org.user.id));
    expect(n?.n).toBe(3);
    expect(await eventsLeft(org.user.id)).toBe(0);
  });
});

describe('editing and deleting events', () => {
  it('lets the owner edit with _method=PUT and tells the people who follow the event', async () => {
    const org = await organiser();
    const id = (await create(org.auth, eventFields(org.placeId), { 'images[]': [await png(30, 30)] })).json()
      .data.id as number;
    const fan = await createAccount('user');
    const db = await getDb();
    await db.insert(s.calendarEntries).values({ userId: fan.user.id, eventId: id });

    const other = await organiser();
    const edit = (auth: Record<string, string>, fields: Record<string, string | string[]>) =>
      multipart({ ...fields, _method: 'PUT' }).then((form) =>
        api().inject({
          method: 'POST',
          url: `/api/event/${id}`,
          headers: { ...form.headers, ...auth },
          payload: form.payload,
        }),
      );
    expect((await edit(other.auth, eventFields(org.placeId, { name: 'Przejęty' }))).statusCode).toBe(403);
    const image = (await api().inject({ url: `/api/event/${id}` })).json().data.images[0];
    const res = await edit(
      org.auth,
      eventFields(org.placeId, { name: 'Koncert sylwestrowy', 'preloaded[]': [String(image.id)] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('Koncert sylwestrowy');
    expect(res.json().data.images).toEqual([{ ...image, is_default: true }]);
    const notes = await db
      .select()
      .from(s.notifications)
      .where(and(eq(s.notifications.userId, fan.user.id), eq(s.notifications.type, 'event_changed')));
    expect(notes).toHaveLength(1);
  });

  it('lets only the owner delete; calendars hear of the cancellation', async () => {
    const org = await organiser();
    const id = (await create(org.auth, eventFields(org.placeId))).json().data.id as number;
    const fan = await createAccount('user');
    const db = await getDb();
    await db.insert(s.eventFavourites).values({ userId: fan.user.id, eventId: id });
    const other = await organiser();
    expect(
      (await api().inject({ method: 'DELETE', url: `/api/event/${id}`, headers: other.auth })).statusCode,
    ).toBe(403);
    expect(
      (await api().inject({ method: 'DELETE', url: `/api/event/${id}`, headers: fan.auth })).statusCode,
    ).toBe(403);
    expect(
      (await api().inject({ method: 'DELETE', url: `/api/event/${id}`, headers: org.auth })).statusCode,
    ).toBe(204);
    expect((await api().inject({ url: `/api/event/${id}` })).statusCode).toBe(404);
    const notes = await db
      .select()
      .from(s.notifications)
      .where(and(eq(s.notifications.userId, fan.user.id), eq(s.notifications.type, 'event_removed')));
    expect(notes).toHaveLength(1);
  });
});

describe('favourites, calendar and .ics', () => {
  it('toggles favourites and calendar entries idempotently for attendees only', async () => {
    const org = await organiser();
    const id = (await create(org.auth, eventFields(org.placeId))).json().data.id as number;
    const fan = await createAccount('user');
    for (const path of ['add_favourite', 'add_favourite', 'add_calendar', 'add_calendar']) {
      expect(
        (
          await api().inject({
            method: 'POST',
            url: `/api/event/${path}`,
            headers: fan.auth,
            payload: { id },
          })
        ).statusCode,
      ).toBe(200);
    }
    expect(
      (await api().inject({ url: '/api/event/favourite', headers: fan.auth }))
        .json()
        .data.map((e: { id: number }) => e.id),
    ).toEqual([id]);
    expect(
      (await api().inject({ url: '/api/event/calendar', headers: fan.auth }))
        .json()
        .data.map((e: { id: number }) => e.id),
    ).toEqual([id]);
    const detail = (await api().inject({ url: `/api/event/${id}`, headers: fan.auth })).json().data;
    expect(detail).toMatchObject({ is_favourite: true, in_calendar: true });
    for (const path of ['remove_favourite', 'remove_favourite', 'remove_calendar']) {
      expect(
        (
          await api().inject({
            method: 'POST',
            url: `/api/event/${path}`,
            headers: fan.auth,
            payload: { id },
          })
        ).statusCode,
      ).toBe(200);
    }
    expect((await api().inject({ url: '/api/event/calendar', headers: fan.auth })).json().data).toEqual([]);
    expect(
      (
        await api().inject({
          method: 'POST',
          url: '/api/event/add_favourite',
          headers: org.auth,
          payload: { id },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await api().inject({ method: 'POST', url: '/api/event/add_calendar', payload: { id } })).statusCode,
    ).toBe(401);
    expect(
      (
        await api().inject({
          method: 'POST',
          url: '/api/event/add_calendar',
          headers: fan.auth,
          payload: { id: 999999 },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('downloads an event as an iCalendar file', async () => {
    const org = await organiser();
    const id = (await create(org.auth, eventFields(org.placeId, { name: 'Koncert; walce, polki' }))).json()
      .data.id as number;
    const res = await api().inject({ url: `/api/event/${id}/ics` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.headers['content-disposition']).toContain(`event-${id}.ics`);
    expect(res.body).toContain('BEGIN:VEVENT');
    expect(res.body).toContain('DTSTART:20270101T170000Z');
    expect(res.body).toContain('SUMMARY:Koncert\\; walce\\, polki');
    expect(res.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });
});
