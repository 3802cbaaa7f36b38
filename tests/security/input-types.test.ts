import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import * as s from '@/db/schema';
import { idField } from '@/lib/schemas/fields';
import { createAccount, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

// Issue 10 point 8: ids are positive integers written in digits only, and objects, arrays, booleans or
// NUL characters where the API expects a number, a date or an id are a 422, never a 500 and never read
// as some other number (`Number([[12]])`, `Number(true)` and `Number('0x0e')` are 12, 1 and 14).

setupTestDb();
const api = setupApi();

let attendee: Awaited<ReturnType<typeof createAccount>>;
let company: Awaited<ReturnType<typeof createAccount>>;
let placeId: number;
let eventId: number;
let categoryId: number;

beforeAll(async () => {
  attendee = await createAccount('user');
  company = await createAccount('company');
  const db = await getDb();
  await db.update(s.users).set({ eventsLeft: 50 }).where(eq(s.users.id, company.user.id));
  const [category] = await db.select({ id: s.categories.id }).from(s.categories).limit(1);
  categoryId = category!.id;
  const [place] = await db
    .insert(s.places)
    .values({ userId: company.user.id, name: 'Klub', city: 'Gdańsk', street: 'Długa 1', postcode: '80-001' })
    .returning({ id: s.places.id });
  placeId = place!.id;
  const [event] = await db
    .insert(s.events)
    .values({
      userId: company.user.id,
      placeId,
      categoryId,
      name: 'Koncert',
      city: 'Gdańsk',
      startDate: new Date(Date.now() + 86_400_000),
      endDate: new Date(Date.now() + 2 * 86_400_000),
    })
    .returning({ id: s.events.id });
  eventId = event!.id;
});

/** Ways of writing the id `n` that are not digits only, each of which `Number()` reads as `n`. */
const disguised = (n: number): unknown[] => [
  [[n]],
  [n],
  `0x${n.toString(16)}`,
  `${n}e0`,
  ` ${n}`,
  `${n} `,
  `+${n}`,
  `${n}.0`,
  `\t${n}`,
];
const neverIds: unknown[] = [
  true,
  false,
  '-1',
  '0',
  0,
  -1,
  1.5,
  '',
  null,
  {},
  [],
  '1\u0000',
  'Infinity',
  'NaN',
];

const expect422 = (res: { statusCode: number; body: string }, label: string) =>
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBe(422);

describe('ids', () => {
  it('in a path are digits only: another spelling of an existing id is a 422, not that row', async () => {
    const paths = (id: string) => [
      { method: 'GET' as const, url: `/api/place/${id}` },
      { method: 'GET' as const, url: `/api/event/${id}` },
      { method: 'GET' as const, url: `/api/event/${id}/ics` },
      { method: 'GET' as const, url: `/api/user/${id}`, headers: attendee.auth },
      { method: 'DELETE' as const, url: `/api/notification/${id}`, headers: attendee.auth },
    ];
    // The digits themselves work, so the refusals below are about the spelling alone.
    expect((await api().inject({ method: 'GET', url: `/api/place/${placeId}` })).statusCode).toBe(200);
    expect((await api().inject({ method: 'GET', url: `/api/event/${eventId}` })).statusCode).toBe(200);
    for (const id of [placeId, eventId, attendee.user.id]) {
      for (const spelling of [
        `0x${id.toString(16)}`,
        `${id}e0`,
        `${id}.0`,
        `%20${id}`,
        `${id}%20`,
        `%2B${id}`,
        `[[${id}]]`,
        'true',
        '-1',
        '0',
        '%00',
        `${id}%00`,
      ]) {
        for (const request of paths(spelling)) {
          expect422(await api().inject(request), `${request.method} ${request.url}`);
        }
      }
    }
  });

  it('in a JSON body are digits only; nothing is stored for a refused one', async () => {
    const db = await getDb();
    const stored = async () => {
      const [places] = await db.select({ n: count() }).from(s.placeFavourites);
      const [events] = await db.select({ n: count() }).from(s.eventFavourites);
      const [calendar] = await db.select({ n: count() }).from(s.calendarEntries);
      const [comments] = await db.select({ n: count() }).from(s.comments);
      return [places!.n, events!.n, calendar!.n, comments!.n];
    };
    const before = await stored();
    for (const [url, id] of [
      ['/api/place/add_favourite', placeId],
      ['/api/event/add_favourite', eventId],
      ['/api/event/add_calendar', eventId],
    ] as const) {
      for (const value of [...disguised(id), ...neverIds]) {
        const res = await api().inject({
          method: 'POST',
          url,
          headers: attendee.auth,
          payload: { id: value },
        });
        expect422(res, `${url} id=${JSON.stringify(value)}`);
      }
    }
    for (const value of [...disguised(placeId), ...neverIds]) {
      const res = await api().inject({
        method: 'POST',
        url: '/api/place/add_comment',
        headers: attendee.auth,
        payload: { place_id: value, stars: 4, comment: 'Świetne miejsce' },
      });
      expect422(res, `add_comment place_id=${JSON.stringify(value)}`);
    }
    for (const stars of [true, [[4]], '4.0', ' 4', '0x4', '4e0', {}, '4\u0000']) {
      const res = await api().inject({
        method: 'POST',
        url: '/api/place/add_comment',
        headers: attendee.auth,
        payload: { place_id: placeId, stars, comment: 'Świetne miejsce' },
      });
      expect422(res, `add_comment stars=${JSON.stringify(stars)}`);
    }
    expect(await stored()).toEqual(before);

    // The plain spellings work: a JSON number and a string of digits.
    const ok = await api().inject({
      method: 'POST',
      url: '/api/place/add_favourite',
      headers: attendee.auth,
      payload: { id: placeId },
    });
    expect(ok.statusCode).toBe(200);
    const okText = await api().inject({
      method: 'POST',
      url: '/api/event/add_calendar',
      headers: attendee.auth,
      payload: { id: String(eventId) },
    });
    expect(okText.statusCode).toBe(200);
  });

  it('in a search query are digits only, and its numbers are plain decimals', async () => {
    for (const path of ['/api/event', '/api/place']) {
      for (const query of [
        'category_id=0x1',
        `category_id=${categoryId}e0`,
        'category_id=%201',
        'category_id=1.0',
        'category_id=true',
        'other=1e3',
        'page=0x2',
        'page=2.0',
        'page=%202',
        'per_page=1e1',
        'limit=0x10',
        'lat=0x34&lng=18',
        'lat=52&lng=1e1',
        'lat=Infinity&lng=18',
        'max_distance=1e1&lat=52&lng=18',
        'category_id=1%00',
        'category_id=1&category_id=2',
      ]) {
        expect422(await api().inject({ method: 'GET', url: `${path}?${query}` }), `${path}?${query}`);
      }
      expect(
        (await api().inject({ method: 'GET', url: `${path}?category_id=${categoryId}&lat=54.35&lng=18.65` }))
          .statusCode,
      ).toBe(200);
    }
    for (const query of [
      'place_id=0x1',
      'price_min=0x10',
      'price_max=1e3',
      'date_from=2030-01-01&date_from=2030-01-02',
    ]) {
      expect422(await api().inject({ method: 'GET', url: `/api/event?${query}` }), query);
    }
    expect422(await api().inject({ method: 'GET', url: '/api/geo/nearest-city?lat=0x34&lng=18' }), 'geo');
    expect(
      (await api().inject({ method: 'GET', url: '/api/geo/nearest-city?lat=54.35&lng=18.65' })).statusCode,
    ).toBe(200);
  });
});

describe('numbers, dates and texts of the forms', () => {
  const eventForm = (overrides: Record<string, unknown> = {}) => ({
    name: 'Koncert jazzowy',
    category_id: categoryId,
    place_id: placeId,
    price_min: '10',
    price_max: '20,50',
    spots_left: '100',
    start_date: '2030-05-01',
    start_date_h: '18:00',
    end_date: '2030-05-01',
    end_date_h: '21:00',
    ...overrides,
  });

  it('an event refuses disguised ids and numbers, objects for dates and NUL in any text', async () => {
    const db = await getDb();
    const [before] = await db.select({ n: count() }).from(s.events);
    const refused: [string, unknown][] = [
      ['category_id', `0x${categoryId.toString(16)}`],
      ['category_id', ` ${categoryId}`],
      ['category_id', `${categoryId}.0`],
      ['category_id', [[categoryId]]],
      ['category_id', true],
      ['place_id', `${placeId}e0`],
      ['place_id', { id: placeId }],
      ['price_min', '0x10'],
      ['price_min', '1e1'],
      ['price_max', 'Infinity'],
      ['price_max', [20]],
      ['spots_left', '1e3'],
      ['spots_left', true],
      ['preloaded', [`0x${placeId.toString(16)}`]],
      ['start_date', { y: 2030 }],
      ['start_date', ['2030-05-01']],
      ['end_date_h', { h: 21 }],
      ['start_date', '2030-05-01\u0000'],
      ['name', 'Kon\u0000cert'],
      ['description', '<p>a\u0000b</p>'],
      ['place_name', 'a\u0000'],
      ['city', 'a\u0000'],
      ['street', 'a\u0000'],
      ['postcode', '\u0000'],
      ['buy_ticket_url', 'https://bilety.example/\u0000'],
    ];
    for (const [field, value] of refused) {
      const res = await api().inject({
        method: 'POST',
        url: '/api/event',
        headers: company.auth,
        payload: eventForm({ [field]: value }),
      });
      expect422(res, `${field}=${JSON.stringify(value)}`);
      expect(Object.keys(JSON.parse(res.body).errors ?? {}), field).toContain(
        field === 'preloaded' ? 'preloaded.0' : field,
      );
    }
    const [after] = await db.select({ n: count() }).from(s.events);
    expect(after!.n).toBe(before!.n);

    // What a person types still works: spaces around a price and a decimal comma.
    const ok = await api().inject({
      method: 'POST',
      url: '/api/event',
      headers: company.auth,
      payload: eventForm({ price_min: ' 10 ', category_id: String(categoryId) }),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(JSON.parse(ok.body).data).toMatchObject({ price_min: 10, price_max: 20.5 });
  });

  it('a place refuses disguised coordinates and category ids', async () => {
    const placeForm = (overrides: Record<string, unknown>) => ({
      name: 'Galeria',
      city: 'Gdańsk',
      street: 'Mariacka 2',
      postcode: '80-002',
      phone: '+48 58 123 45 67',
      description: 'Sztuka współczesna',
      categories: [categoryId],
      place_hours_closed: Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [d, '1'])),
      ...overrides,
    });
    for (const [field, value] of [
      ['lat', true],
      ['lat', '0x34'],
      ['lng', [[18]]],
      ['lng', '1.8e1'],
      ['categories', [`${categoryId}.0`]],
      ['categories', [true]],
      ['languages', [' 1']],
      ['url', 'https://galeria.example/\u0000'],
      ['facebook', 'https://facebook.com/galeria\u0000'],
    ] as const) {
      const res = await api().inject({
        method: 'POST',
        url: `/api/place/${placeId}`,
        headers: company.auth,
        payload: placeForm({ lat: '54.35', lng: '18.65', [field]: value }),
      });
      expect422(res, `${field}=${JSON.stringify(value)}`);
      expect(Object.keys(JSON.parse(res.body).errors).join(' '), field).toMatch(new RegExp(`^${field}\\b`));
    }
    const ok = await api().inject({
      method: 'POST',
      url: `/api/place/${placeId}`,
      headers: company.auth,
      payload: placeForm({ lat: ' 54,35', lng: 18.65, categories: [String(categoryId)] }),
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('idField', () => {
  it('accepts exactly the positive int4 numbers and their digits', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const parsed = idField.safeParse(value);
        const asNumber = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
        const valid =
          typeof asNumber === 'number' &&
          Number.isInteger(asNumber) &&
          asNumber >= 1 &&
          asNumber <= 2_147_483_647;
        expect(parsed.success).toBe(valid);
        if (parsed.success) expect(parsed.data).toBe(asNumber);
      }),
      { numRuns: 2000 },
    );
    for (const bad of [[[12]], true, '0x0e', '1e3', ' 12', '-1', '0', '12.0', '12 ', '+12', '٣', '1\u0000']) {
      expect(idField.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(idField.parse('12')).toBe(12);
    expect(idField.parse(12)).toBe(12);
  });
});
