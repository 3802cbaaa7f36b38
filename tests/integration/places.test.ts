import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import * as s from '@/db/schema';
import { listNearbyPlaces } from '@/server/places/get-place';
import { flushStats } from '@/server/stats/counter';
import { recordVisit } from '@/server/visits/record-visit';
import { createAccount, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { multipart, png } from '../helpers/forms';

setupTestDb();
const api = setupApi();

let freePlan: number;
let proPlan: number;

beforeAll(async () => {
  const db = await getDb();
  const plans = await db.select().from(s.premiumSettings);
  freePlan = plans.find((p) => p.isDefault)!.id;
  proPlan = plans.reduce((a, b) => (b.level > a.level ? b : a)).id;
});

async function company(plan: 'free' | 'pro' = 'pro') {
  const account = await createAccount('company');
  const db = await getDb();
  await db
    .update(s.users)
    .set({ premiumSettingId: plan === 'pro' ? proPlan : freePlan })
    .where(eq(s.users.id, account.user.id));
  return account;
}

const placeFields = (
  overrides: Record<string, string | string[]> = {},
): Record<string, string | string[]> => ({
  name: 'Teatr Lalki i Aktora',
  city: 'Kraków',
  street: 'Floriańska 3',
  postcode: '31-019',
  phone: '+48 12 345 67 89',
  email_contact: 'kasa@teatr.example.com',
  url: 'teatr.example.com',
  facebook: 'https://facebook.com/teatr',
  description:
    '<p>Spektakle dla <strong>dzieci</strong>.</p><script>alert(1)</script><img src=x onerror=alert(1)>',
  'categories[]': ['2'],
  'youtube[]': ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
  lat: '50.0619',
  lng: '19.9368',
  ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [`place_hours_closed[${d}]`, d === 1 ? '1' : ''])),
  ...Object.fromEntries(
    [2, 3, 4, 5, 6, 7].flatMap((d) => [
      [`place_hours_from[${d}]`, '10:00'],
      [`place_hours_to[${d}]`, '18:00'],
    ]),
  ),
  ...overrides,
});

async function createPlace(
  auth: Record<string, string>,
  overrides = {},
  files: Record<string, Buffer | Buffer[]> = {},
) {
  const form = await multipart(placeFields(overrides), files);
  return api().inject({
    method: 'POST',
    url: '/api/place',
    headers: { ...form.headers, ...auth },
    payload: form.payload,
  });
}

describe('creating and reading a place', () => {
  it('creates a place for a company with hours, logo and gallery; everything of spec §3 reads back', async () => {
    const owner = await company('pro');
    const res = await createPlace(
      owner.auth,
      {},
      { logo: await png(300, 300), 'images[]': [await png(40, 40, '#ff0000'), await png(40, 40, '#00ff00')] },
    );
    expect(res.statusCode).toBe(201);
    const place = res.json().data;
    expect(place).toMatchObject({
      name: 'Teatr Lalki i Aktora',
      city: 'Kraków',
      postcode: '31-019',
      phone: '+48 12 345 67 89',
      url: 'http://teatr.example.com',
      facebook: 'https://facebook.com/teatr',
      lat: 50.0619,
      verified: false,
      user: { id: owner.user.id },
    });
    expect(place.description).toBe('<p>Spektakle dla <strong>dzieci</strong>.</p>');
    expect(place.images).toHaveLength(2);
    expect(place.movies).toEqual([{ youtube: 'dQw4w9WgXcQ' }]);
    expect(place.place_hours[0]).toEqual({ week_day: 1, from: null, to: null, closed: 1, whole_day: 0 });
    expect(place.place_hours[1]).toEqual({
      week_day: 2,
      from: '10:00',
      to: '18:00',
      closed: 0,
      whole_day: 0,
    });
    expect(place.categories).toEqual([{ id: 2, name: 'Teatr' }]);
    const logo = await api().inject({ url: place.logo.url });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/webp');

    const read = await api().inject({ url: `/api/place/${place.id}`, headers: { 'accept-language': 'en' } });
    expect(read.json().data.categories).toEqual([{ id: 2, name: 'Theatre' }]);
  });

  it('answers 404 for an unknown place', async () => {
    expect((await api().inject({ url: '/api/place/999999' })).statusCode).toBe(404);
  });

  it('hides what a free plan does not allow, and shows it once the plan is upgraded', async () => {
    const owner = await company('pro');
    const id = (await createPlace(owner.auth)).json().data.id;
    const db = await getDb();
    await db.update(s.users).set({ premiumSettingId: freePlan }).where(eq(s.users.id, owner.user.id));
    const [free] = await db.select().from(s.premiumSettings).where(eq(s.premiumSettings.id, freePlan));
    const hidden = (await api().inject({ url: `/api/place/${id}` })).json().data;
    expect(hidden.phone).toBe(free?.displayPhone ? '+48 12 345 67 89' : null);
    expect(hidden.url).toBe(free?.displayUrl ? 'http://teatr.example.com' : null);
    expect(hidden.facebook).toBe(free?.displaySocial ? 'https://facebook.com/teatr' : null);
    expect(hidden.lat).toBe(free?.showMap ? 50.0619 : null);
    expect(hidden.movies).toHaveLength(free?.moviesCount ? 1 : 0);
    expect(hidden.features.display_phone).toBe(free?.displayPhone);

    await db.update(s.users).set({ premiumSettingId: proPlan }).where(eq(s.users.id, owner.user.id));
    const shown = (await api().inject({ url: `/api/place/${id}` })).json().data;
    expect(shown.phone).toBe('+48 12 345 67 89');
    expect(shown.lat).toBe(50.0619);
    expect(shown.movies).toEqual([{ youtube: 'dQw4w9WgXcQ' }]);
  });

  it('lists places newest first in pages of 12 with the Laravel envelope', async () => {
    const res = await api().inject({ url: '/api/place?order_by=latest&page=1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      current_page: 1,
      per_page: 12,
      last_page: expect.any(Number),
      total: expect.any(Number),
    });
    const limited = await api().inject({ url: '/api/place?order_by=latest&limit=1' });
    expect(limited.json().data).toHaveLength(1);
    const byCity = await api().inject({ url: '/api/place?localization=krakow' });
    for (const p of byCity.json().data) expect(p.city).toBe('Kraków');
    expect((await api().inject({ url: '/api/place?order_by=nonsense' })).statusCode).toBe(422);
  });

  it('orders a search every way, pages it like one long list, and counts past its last page', async () => {
    type Row = { id: number; stars: number };
    const owner = await company();
    for (const name of ['Alfa', 'Beta', 'Gamma', 'Delta'])
      expect(
        (await createPlace(owner.auth, { name: `Scena ${name}`, city: 'Poznań', lat: '52.40', lng: '16.93' }))
          .statusCode,
      ).toBe(201);
    const all = (await api().inject({ url: '/api/place?per_page=100' })).json() as {
      data: Row[];
      total: number;
    };
    expect(all.total).toBeGreaterThan(3);
    expect(all.data).toHaveLength(Math.min(all.total, 100));
    for (const order of ['latest', 'name', 'stars', 'popular'] as const) {
      const whole = (await api().inject({ url: `/api/place?order_by=${order}&per_page=100` })).json();
      const paged: Row[] = [];
      for (let page = 1; page <= Math.ceil(whole.total / 3); page++) {
        const res = (
          await api().inject({ url: `/api/place?order_by=${order}&per_page=3&page=${page}` })
        ).json();
        expect(res.total).toBe(whole.total);
        paged.push(...res.data);
      }
      expect(paged.map((p) => p.id)).toEqual(whole.data.map((p: Row) => p.id));
      if (order === 'stars') {
        const stars = paged.map((p) => p.stars);
        expect(stars).toEqual([...stars].sort((a, b) => b - a));
      }
    }
    const past = (await api().inject({ url: '/api/place?per_page=12&page=50' })).json();
    expect(past).toMatchObject({ data: [], total: all.total, current_page: 50 });
  });
});

describe('permissions on places', () => {
  it('lets only a company create, and refuses bad input with field errors', async () => {
    const user = await createAccount('user');
    expect((await createPlace(user.auth)).statusCode).toBe(403);
    expect((await createPlace({})).statusCode).toBe(401);
    const owner = await company('pro');
    const bad = await createPlace(
      { ...owner.auth, 'accept-language': 'en' },
      { name: '', postcode: 'x', 'categories[]': [] },
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining(['name', 'postcode', 'categories']),
    );
    const free = await company('free');
    const many = await Promise.all(Array.from({ length: 12 }, (_, i) => png(20 + i, 20)));
    const tooMany = await createPlace(free.auth, {}, { 'images[]': many });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.images).toHaveLength(1);
  });

  it('lets only the owner update or delete; others get 403 and nothing changes', async () => {
    const owner = await company('pro');
    const other = await company('pro');
    const user = await createAccount('user');
    const id = (await createPlace(owner.auth)).json().data.id as number;
    const db = await getDb();
    const [event] = await db
      .insert(s.events)
      .values({
        userId: owner.user.id,
        placeId: id,
        categoryId: 2,
        name: 'Spektakl',
        city: 'Kraków',
        startDate: new Date(Date.now() + 86_400_000),
        endDate: new Date(Date.now() + 90_000_000),
      })
      .returning();
    await db.insert(s.placeFavourites).values({ userId: user.user.id, placeId: id });

    for (const who of [other, user]) {
      const form = await multipart(placeFields({ name: 'Przejęte', _method: 'PUT' }));
      const res = await api().inject({
        method: 'POST',
        url: `/api/place/${id}`,
        headers: { ...form.headers, ...who.auth },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(403);
      expect(
        (await api().inject({ method: 'DELETE', url: `/api/place/${id}`, headers: who.auth })).statusCode,
      ).toBe(403);
    }
    expect((await api().inject({ method: 'DELETE', url: `/api/place/${id}` })).statusCode).toBe(401);
    const [still] = await db.select().from(s.places).where(eq(s.places.id, id));
    expect(still?.name).toBe('Teatr Lalki i Aktora');

    const form = await multipart(placeFields({ name: 'Teatr Nowy', _method: 'PUT' }));
    const updated = await api().inject({
      method: 'POST',
      url: `/api/place/${id}`,
      headers: { ...form.headers, ...owner.auth },
      payload: form.payload,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.name).toBe('Teatr Nowy');

    expect(
      (await api().inject({ method: 'DELETE', url: `/api/place/${id}`, headers: owner.auth })).statusCode,
    ).toBe(204);
    expect(await db.select().from(s.places).where(eq(s.places.id, id))).toHaveLength(0);
    expect(await db.select().from(s.events).where(eq(s.events.id, event!.id))).toHaveLength(0);
    expect(await db.select().from(s.placeFavourites).where(eq(s.placeFavourites.placeId, id))).toHaveLength(
      0,
    );
    expect(
      (await api().inject({ method: 'DELETE', url: `/api/place/${id}`, headers: owner.auth })).statusCode,
    ).toBe(404);
  });
});

describe('comments and ratings', () => {
  it('lets attendees rate once per place (editable), keeps stars as the mean, refuses others', async () => {
    const owner = await company('pro');
    const id = (await createPlace(owner.auth)).json().data.id as number;
    const anna = await createAccount('user');
    const jan = await createAccount('user');
    const post = (auth: Record<string, string>, body: object) =>
      api().inject({
        method: 'POST',
        url: '/api/place/add_comment',
        headers: { ...auth, 'accept-language': 'en' },
        payload: body,
      });
    expect((await post(anna.auth, { place_id: id, stars: 5, comment: 'Świetne!' })).statusCode).toBe(201);
    expect((await post(jan.auth, { place_id: id, stars: 2, comment: 'Za głośno.' })).json().data.stars).toBe(
      3.5,
    );
    const edited = await post(anna.auth, { place_id: id, stars: 4, comment: 'Bardzo dobre.' });
    expect(edited.json().data.stars).toBe(3);
    const db = await getDb();
    const [n] = await db.select({ n: count() }).from(s.comments).where(eq(s.comments.placeId, id));
    expect(n?.n).toBe(2);

    expect((await post(owner.auth, { place_id: id, stars: 5, comment: 'Polecam siebie' })).statusCode).toBe(
      403,
    );
    expect((await post({}, { place_id: id, stars: 5, comment: 'x' })).statusCode).toBe(401);
    expect((await post(anna.auth, { place_id: 999999, stars: 5, comment: 'x' })).statusCode).toBe(404);
    for (const [body, field] of [
      [{ place_id: id, stars: 0, comment: 'x' }, 'stars'],
      [{ place_id: id, stars: 6, comment: 'x' }, 'stars'],
      [{ place_id: id, stars: 3, comment: '' }, 'comment'],
    ] as const) {
      const res = await post(anna.auth, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toHaveLength(1);
    }
  });

  it('lets the owner answer once when the plan allows it, and tells the commenter', async () => {
    const owner = await company('pro');
    const id = (await createPlace(owner.auth)).json().data.id as number;
    const anna = await createAccount('user');
    const commentId = (
      await api().inject({
        method: 'POST',
        url: '/api/place/add_comment',
        headers: anna.auth,
        payload: { place_id: id, stars: 4, comment: 'Miło.' },
      })
    ).json().data.id as number;
    const answer = (auth: Record<string, string>, text: string) =>
      api().inject({
        method: 'POST',
        url: `/api/place/answer_to_comment/${commentId}`,
        headers: auth,
        payload: { answer: text, id: commentId },
      });

    expect((await answer(anna.auth, 'Ja odpowiadam')).statusCode).toBe(403);
    const other = await company('pro');
    expect((await answer(other.auth, 'Cudza odpowiedź')).statusCode).toBe(403);
    expect((await answer(owner.auth, '')).statusCode).toBe(422);
    expect((await answer(owner.auth, 'Dziękujemy!')).statusCode).toBe(200);
    expect((await answer(owner.auth, 'Jeszcze raz')).statusCode).toBe(409);
    const db = await getDb();
    const [row] = await db.select().from(s.comments).where(eq(s.comments.id, commentId));
    expect(row?.answer).toBe('Dziękujemy!');
    const notes = await db
      .select()
      .from(s.notifications)
      .where(and(eq(s.notifications.userId, anna.user.id), eq(s.notifications.type, 'comment_answered')));
    expect(notes).toHaveLength(1);

    const freeOwner = await company('pro');
    const freeId = (await createPlace(freeOwner.auth, { 'youtube[]': [] })).json().data.id as number;
    await db.update(s.users).set({ premiumSettingId: freePlan }).where(eq(s.users.id, freeOwner.user.id));
    const [free] = await db.select().from(s.premiumSettings).where(eq(s.premiumSettings.id, freePlan));
    const c2 = (
      await api().inject({
        method: 'POST',
        url: '/api/place/add_comment',
        headers: anna.auth,
        payload: { place_id: freeId, stars: 3, comment: 'Ok.' },
      })
    ).json().data.id as number;
    const res = await api().inject({
      method: 'POST',
      url: `/api/place/answer_to_comment/${c2}`,
      headers: freeOwner.auth,
      payload: { answer: 'Dzięki' },
    });
    expect(res.statusCode).toBe(free?.answerComments ? 200 : 403);
  });
});

describe('favourite places', () => {
  it('adds and removes idempotently, for attendees only', async () => {
    const owner = await company('pro');
    const id = (await createPlace(owner.auth)).json().data.id as number;
    const anna = await createAccount('user');
    const call = (path: string, auth: Record<string, string>, placeId = id) =>
      api().inject({ method: 'POST', url: `/api/place/${path}`, headers: auth, payload: { id: placeId } });
    expect((await call('add_favourite', anna.auth)).statusCode).toBe(200);
    expect((await call('add_favourite', anna.auth)).statusCode).toBe(200);
    const list = await api().inject({ url: '/api/place/favourite', headers: anna.auth });
    expect(list.json().data.map((p: { id: number }) => p.id)).toEqual([id]);
    expect(
      (await api().inject({ url: `/api/place/${id}`, headers: anna.auth })).json().data.is_favourite,
    ).toBe(true);
    expect((await call('remove_favourite', anna.auth)).statusCode).toBe(200);
    expect((await call('remove_favourite', anna.auth)).statusCode).toBe(200);
    expect((await api().inject({ url: '/api/place/favourite', headers: anna.auth })).json().data).toEqual([]);
    expect((await call('add_favourite', owner.auth)).statusCode).toBe(403);
    expect((await call('add_favourite', {})).statusCode).toBe(401);
    expect((await call('add_favourite', anna.auth, 999999)).statusCode).toBe(404);
  });
});

describe('visits and nearby places', () => {
  it('counts a visitor once a day', async () => {
    const owner = await company('pro');
    const id = (await createPlace(owner.auth)).json().data.id as number;
    const day = new Date('2026-11-21T10:00:00Z');
    expect(await recordVisit({ subject: 'place', id, visitor: 'a', now: day })).toBe(true);
    expect(await recordVisit({ subject: 'place', id, visitor: 'a', now: day })).toBe(false);
    expect(await recordVisit({ subject: 'place', id, visitor: 'b', now: day })).toBe(true);
    expect(
      await recordVisit({ subject: 'place', id, visitor: 'a', now: new Date('2026-11-22T10:00:00Z') }),
    ).toBe(true);
    await flushStats();
    const db = await getDb();
    const [place] = await db.select().from(s.places).where(eq(s.places.id, id));
    expect(place?.visitCount).toBe(3);
  });

  it('finds other places nearby, nearest first', async () => {
    const owner = await company('pro');
    const a = (await createPlace(owner.auth, { lat: '50.0619', lng: '19.9368' })).json().data.id as number;
    const near = (await createPlace(owner.auth, { name: 'Blisko', lat: '50.0650', lng: '19.9400' })).json()
      .data.id as number;
    const far = (
      await createPlace(owner.auth, { name: 'Gdańsk', city: 'Gdańsk', lat: '54.35', lng: '18.65' })
    ).json().data.id as number;
    const nearby = await listNearbyPlaces({ id: a, locale: 'pl' });
    const ids = nearby.map((p) => p.id);
    expect(ids).toContain(near);
    expect(ids).not.toContain(far);
    expect(ids).not.toContain(a);
    expect(nearby[0]!.distance_km).toBeLessThan(1);
  });
});
