import { eq, gt, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '@/db/schema';
import { eventSearchQuerySchema } from '@/lib/schemas/search';
import { seedDemo } from '@/seed/demo';
import { deliverPendingMail } from '@/server/mail/outbox';
import { eventSearchStatement } from '@/server/search/search-events';
import { flushStats } from '@/server/stats/counter';
import { recordVisit } from '@/server/visits/record-visit';
import { setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

const testDb = setupTestDb();
const api = setupApi();

interface Card {
  id: number;
  name: string;
  city: string;
  start_date: string;
  end_date: string;
  price_min: number;
  price_max: number;
  category: { id: number };
  lat: number;
  lng: number;
  visit_count: number;
  promoted: boolean;
  distance_km: number | null;
  place: { stars: number };
}

async function search(query: string) {
  const res = await api().inject({ url: `/api/event?${query}`, headers: { 'accept-language': 'en' } });
  return {
    status: res.statusCode,
    body: res.json() as {
      data: Card[];
      current_page: number;
      last_page: number;
      per_page: number;
      total: number;
      errors?: Record<string, string[]>;
    },
  };
}

function km(aLat: number, aLng: number, bLat: number, bLng: number) {
  const r = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(r(bLat - aLat) / 2) ** 2 +
    Math.cos(r(aLat)) * Math.cos(r(bLat)) * Math.sin(r(bLng - aLng) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

beforeAll(async () => {
  const db = testDb.handle().db;
  await seedDemo(db, { now: new Date() });
  // Distances below are checked exactly; the plan bonus is tested on its own.
  await db.update(s.premiumSettings).set({ bonusDistance: 0 });
  const [place] = await db.select().from(s.places).limit(1);
  await db.insert(s.events).values({
    userId: place!.userId,
    placeId: place!.id,
    categoryId: 1,
    name: 'Filharmonia dla najmłodszych',
    city: 'Łódź',
    startDate: new Date(Date.now() + 5 * 86_400_000),
    endDate: new Date(Date.now() + 5 * 86_400_000 + 7_200_000),
  });
}, 180_000);

describe('GET /api/event filters', () => {
  it('matches text regardless of case and Polish diacritics, and tolerates a typo', async () => {
    const lodz = await search('search=lodz');
    expect(lodz.body.data.length).toBeGreaterThan(0);
    expect(lodz.body.data.some((e) => e.city === 'Łódź')).toBe(true);
    const upper = await search('search=%C5%81%C3%93D%C5%B9');
    expect(upper.body.total).toBe(lodz.body.total);
    const city = await search('localization=krakow');
    expect(city.body.data.length).toBeGreaterThan(0);
    for (const e of city.body.data) expect(e.city).toBe('Kraków');
    const exact = await search('search=FILHARMONIA%20najmlodszych');
    expect(exact.body.data.map((e) => e.name)).toContain('Filharmonia dla najmłodszych');
    const typo = await search('search=filharmnia');
    expect(typo.body.data.map((e) => e.name)).toContain('Filharmonia dla najmłodszych');
    // With a city and a category the words are checked on the rows the btree finds, not via trigrams.
    for (const words of ['filharmnia', 'FILHARMONIA%20najmlodszych', 'najm']) {
      const narrowed = await search(`search=${words}&localization=lodz&category_id=1`);
      expect(narrowed.body.data.map((e) => e.name)).toEqual(['Filharmonia dla najmłodszych']);
    }
    expect((await search('search=filharmonia&localization=lodz&category_id=2')).body.total).toBe(0);
  });

  it('keeps dates inside the range and prices inside the range', async () => {
    const from = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const dated = await search(`date_from=${from}&date_end=${to}&per_page=100`);
    expect(dated.body.data.length).toBeGreaterThan(0);
    for (const e of dated.body.data) {
      expect(new Date(e.end_date).getTime()).toBeGreaterThanOrEqual(
        new Date(`${from}T00:00:00+01:00`).getTime() - 3_600_000,
      );
      expect(new Date(e.start_date).getTime()).toBeLessThan(
        new Date(`${to}T00:00:00+01:00`).getTime() + 86_400_000,
      );
    }
    const priced = await search('price_min=20&price_max=60&per_page=100');
    expect(priced.body.data.length).toBeGreaterThan(0);
    for (const e of priced.body.data) {
      expect(e.price_max).toBeGreaterThanOrEqual(20);
      expect(e.price_min).toBeLessThanOrEqual(60);
    }
  });

  it('keeps distance within the radius and category and city as asked', async () => {
    const [lat, lng] = [50.0614, 19.9366];
    const near = await search(`lat=${lat}&lng=${lng}&max_distance=10&per_page=100`);
    expect(near.body.data.length).toBeGreaterThan(0);
    for (const e of near.body.data) expect(km(lat, lng, e.lat, e.lng)).toBeLessThanOrEqual(10.05);
    const cat = await search('category_id=3&localization=Warszawa&per_page=100');
    for (const e of cat.body.data) {
      expect(e.category.id).toBe(3);
      expect(e.city).toBe('Warszawa');
    }
  });

  describe('the plan’s bonus distance', () => {
    const [lat, lng] = [50.0614, 19.9366];
    const near = (extra = '') => search(`lat=${lat}&lng=${lng}&max_distance=5&per_page=100${extra}`);
    /** An event between 6 and 300 km away, with its owner and the owner's plan. */
    async function farEvent() {
      const db = testDb.handle().db;
      const rows = await db
        .select({
          id: s.events.id,
          placeId: s.events.placeId,
          lat: s.events.lat,
          lng: s.events.lng,
          userId: s.events.userId,
          plan: s.users.premiumSettingId,
        })
        .from(s.events)
        .innerJoin(s.users, eq(s.users.id, s.events.userId))
        .where(gt(s.events.endDate, new Date()));
      const far = rows.find((r) => {
        const d = r.lat && r.lng ? km(lat, lng, r.lat, r.lng) : 0;
        return r.plan && d > 6 && d < 290;
      });
      expect(far).toBeDefined();
      return { ...far!, rows };
    }

    it('widens the radius for the events of companies on that plan only', async () => {
      const db = testDb.handle().db;
      const far = await farEvent();
      const planOf = new Map(far.rows.map((r) => [r.id, r.plan]));
      const before = await near();
      expect((await near(`&place_id=${far.placeId}`)).body.total).toBe(0);
      try {
        await db
          .update(s.premiumSettings)
          .set({ bonusDistance: 300 })
          .where(eq(s.premiumSettings.id, far.plan!));
        const after = await near();
        expect(after.body.total).toBeGreaterThan(before.body.total);
        const widened = after.body.data.filter((e) => km(lat, lng, e.lat, e.lng) > 5.05);
        expect(widened.length).toBeGreaterThan(0);
        for (const e of widened) expect(planOf.get(e.id)).toBe(far.plan);
        expect((await near(`&place_id=${far.placeId}`)).body.data.map((e) => e.id)).toContain(far.id);
      } finally {
        await db.update(s.premiumSettings).set({ bonusDistance: 0 });
      }
    });

    it('gives a company without a plan of its own the default plan’s bonus', async () => {
      const db = testDb.handle().db;
      const far = await farEvent();
      const [fallback] = await db
        .select()
        .from(s.premiumSettings)
        .where(eq(s.premiumSettings.isDefault, true));
      expect(fallback).toBeDefined();
      try {
        await db.update(s.users).set({ premiumSettingId: null }).where(eq(s.users.id, far.userId));
        await db
          .update(s.premiumSettings)
          .set({ bonusDistance: 300 })
          .where(eq(s.premiumSettings.id, fallback!.id));
        expect((await near(`&place_id=${far.placeId}`)).body.data.map((e) => e.id)).toContain(far.id);
        // A plan of its own with no bonus overrides the default's.
        const other = far.rows.find((r) => r.plan && r.plan !== fallback!.id);
        if (other && far.plan !== fallback!.id) {
          await db.update(s.users).set({ premiumSettingId: far.plan }).where(eq(s.users.id, far.userId));
          expect((await near(`&place_id=${far.placeId}`)).body.total).toBe(0);
        }
      } finally {
        await db.update(s.users).set({ premiumSettingId: far.plan }).where(eq(s.users.id, far.userId));
        await db.update(s.premiumSettings).set({ bonusDistance: 0 });
      }
    });
  });

  it('widens the radius of a place search for the places of companies on that plan only', async () => {
    const db = testDb.handle().db;
    const [lat, lng] = [50.0614, 19.9366];
    const places = (extra = '') =>
      api()
        .inject({ url: `/api/place?lat=${lat}&lng=${lng}&max_distance=5&per_page=100${extra}` })
        .then((r) => r.json() as { data: { id: number; distance_km: number | null }[]; total: number });
    const owned = await db
      .select({ id: s.places.id, lat: s.places.lat, lng: s.places.lng, plan: s.users.premiumSettingId })
      .from(s.places)
      .innerJoin(s.users, eq(s.users.id, s.places.userId));
    const far = owned.find((p) => p.plan && p.lat && p.lng && km(lat, lng, p.lat, p.lng) > 6);
    expect(far).toBeDefined();
    const before = await places();
    expect(before.data.map((p) => p.id)).not.toContain(far!.id);
    for (const p of before.data) expect(p.distance_km!).toBeLessThanOrEqual(5.05);
    try {
      await db
        .update(s.premiumSettings)
        .set({ bonusDistance: 300 })
        .where(eq(s.premiumSettings.id, far!.plan!));
      const after = await places();
      expect(after.data.map((p) => p.id)).toContain(far!.id);
      expect(after.total).toBeGreaterThan(before.total);
      const planOf = new Map(owned.map((p) => [p.id, p.plan]));
      for (const p of after.data.filter((x) => x.distance_km! > 5.05))
        expect(planOf.get(p.id)).toBe(far!.plan);
    } finally {
      await db.update(s.premiumSettings).set({ bonusDistance: 0 });
    }
  });

  it('pages nearest-first results exactly like one long list, ties included', async () => {
    const [lat, lng] = [50.0614, 19.9366];
    for (const radius of ['', '&max_distance=50']) {
      const all = await search(`lat=${lat}&lng=${lng}&order_by=closest&per_page=60${radius}`);
      expect(all.status).toBe(200);
      const ids = all.body.data.map((e) => e.id);
      // Events at one place are equally far: the id orders them, as in every other order.
      const distances = all.body.data.map((e) => km(lat, lng, e.lat, e.lng));
      expect(distances.every((d, i) => i === 0 || d >= (distances[i - 1] ?? 0) - 1e-6)).toBe(true);
      expect(new Set(distances.map((d) => d.toFixed(6))).size).toBeLessThan(ids.length);
      const paged: number[] = [];
      for (let page = 1; page <= 12; page++) {
        const res = await search(`lat=${lat}&lng=${lng}&order_by=closest&per_page=5&page=${page}${radius}`);
        expect(res.body.total).toBe(all.body.total);
        paged.push(...res.body.data.map((e) => e.id));
      }
      expect(paged).toEqual(ids.slice(0, 60));
    }
  });

  it('takes a radius with a fraction of a kilometre', async () => {
    const [lat, lng] = [50.0614, 19.9366];
    const res = await search(`lat=${lat}&lng=${lng}&max_distance=2.5&order_by=closest&per_page=100`);
    expect(res.status).toBe(200);
    for (const e of res.body.data) expect(km(lat, lng, e.lat, e.lng)).toBeLessThanOrEqual(2.55);
    const places = await api().inject({ url: `/api/place?lat=${lat}&lng=${lng}&max_distance=2.5` });
    expect(places.statusCode).toBe(200);
  });

  it('gives a distance only to a search around a point', async () => {
    const plain = await search('per_page=5');
    expect(plain.body.data.length).toBeGreaterThan(0);
    for (const e of plain.body.data) expect(e.distance_km).toBeNull();
    const around = await search('lat=50.0614&lng=19.9366&per_page=5');
    for (const e of around.body.data) expect(e.distance_km).toBeLessThan(1000);
  });

  it('answers pages of 12 that do not overlap', async () => {
    const one = await search('page=1');
    const two = await search('page=2');
    expect(one.body.data).toHaveLength(12);
    expect(one.body).toMatchObject({ current_page: 1, per_page: 12 });
    expect(two.body.current_page).toBe(2);
    const ids = new Set(one.body.data.map((e) => e.id));
    expect(two.body.data.some((e) => ids.has(e.id))).toBe(false);
    expect(one.body.last_page).toBe(Math.ceil(one.body.total / 12));
    const past = await search(`page=${one.body.last_page + 1}`);
    expect(past.body.data).toEqual([]);
    expect(past.body.total).toBe(one.body.total);
  });

  it('orders as asked', async () => {
    const sorted = (list: number[], dir: 1 | -1) =>
      list.every((v, i) => i === 0 || (v - (list[i - 1] as number)) * dir >= 0);
    expect(
      sorted(
        (await search('order_by=popular&per_page=50')).body.data.map((e) => e.visit_count),
        -1,
      ),
    ).toBe(true);
    expect(
      sorted(
        (await search('order_by=price_asc&per_page=50')).body.data.map((e) => e.price_min),
        1,
      ),
    ).toBe(true);
    expect(
      sorted(
        (await search('order_by=price_desc&per_page=50')).body.data.map((e) => e.price_max),
        -1,
      ),
    ).toBe(true);
    expect(
      sorted(
        (await search('order_by=stars&per_page=50')).body.data.map((e) => e.place.stars),
        -1,
      ),
    ).toBe(true);
    expect(
      sorted(
        (await search('per_page=50')).body.data.map((e) => Date.parse(e.start_date)),
        1,
      ),
    ).toBe(true);
    const closest = (await search('order_by=closest&lat=54.35&lng=18.65&per_page=50')).body.data.map(
      (e) => e.distance_km ?? Infinity,
    );
    expect(sorted(closest, 1)).toBe(true);
    const promoted = (await search('order_by=promoted&per_page=50')).body.data.map((e) =>
      e.promoted ? 1 : 0,
    );
    expect(sorted(promoted, -1)).toBe(true);
    expect(promoted[0]).toBe(1);
    const only = await search('only_promoted=1&per_page=50');
    expect(only.body.data.length).toBeGreaterThan(0);
    expect(only.body.data.every((e) => e.promoted)).toBe(true);
    const latest = await search('order_by=latest&limit=5');
    expect(latest.body.data).toHaveLength(5);
  });

  it.each([
    ['date_from=21.11.2026', 'date_from'],
    ['date_from=2026-02-30', 'date_from'],
    ['price_min=abc', 'price_min'],
    ['price_min=50&price_max=10', 'price_max'],
    ['order_by=cheapest', 'order_by'],
    ['order_by=closest', 'lat'],
    ['max_distance=10', 'lat'],
    ['date_from=2026-12-10&date_end=2026-12-01', 'date_end'],
    ['page=0', 'page'],
    ['per_page=1000', 'per_page'],
    ['lat=91&lng=10', 'lat'],
    ['lat=0&lng=0&order_by=closest', 'lat'],
    ['lat=-33.9&lng=18.4', 'lat'],
    ['date_from=abc', 'date_from'],
    ['category_id=3000000000', 'category_id'],
    ['search=ab%00cd', 'search'],
    ['localization=Krak%00w', 'localization'],
  ])('answers %s with a 422 naming %s', async (query, field) => {
    const res = await search(query);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toContain(field);
    // One message per problem, not one per failed check.
    const messages = res.body.errors?.[field] ?? [];
    expect(new Set(messages).size).toBe(messages.length);
  });

  it('answers an id beyond the id columns with a 422, not a database error', async () => {
    for (const url of ['/api/event/3000000000', '/api/place/3000000000', '/api/place?other=3000000000']) {
      const res = await api().inject({ url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode, url).toBe(422);
    }
  });

  it('takes blank filters, as a form sends them, as no filter', async () => {
    const blank = await search(
      'search=&localization=&category_id=&date_from=&date_end=&price_min=&price_max=&max_distance=&order_by=&only_promoted=&page=',
    );
    expect(blank.status).toBe(200);
    const none = await search('');
    expect(blank.body.total).toBe(none.body.total);
    expect(blank.body.data.map((e) => e.id)).toEqual(none.body.data.map((e) => e.id));
    const places = await api().inject({ url: '/api/place?search=&order_by=&category_id=' });
    expect(places.statusCode).toBe(200);
  });
});

describe('the search uses the indexes', () => {
  it('plans text, typo, distance and nearest-first searches with index scans', async () => {
    const db = testDb.handle().db;
    // A dictionary of a real portal's size (the seeded one is small enough to read whole).
    await db.execute(
      sql`insert into search_dictionary select 'slowo' || md5(i::text) from generate_series(1, 20000) i`,
    );
    // As the embedded database's maintenance job does (PGlite has no autovacuum): statistics, and the GIN
    // indexes' pending entries merged, without which the planner rightly avoids them.
    await db.execute(sql`vacuum analyze`);
    // One transaction keeps every statement on one connection, so `set local` applies to the plans; with
    // sequential scans off, a plan without an index means no index could serve the query.
    const plans = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = async (query: ReturnType<typeof sql>) => {
        const rows = (await tx.execute(sql`explain ${query}`)) as unknown;
        const list = Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows;
        return list.map((r) => Object.values(r as object)[0]).join('\n');
      };
      return {
        // Issue 32: words by prefix from the GIN index on the events' words, or from event_words alone.
        text: await plan(
          sql`select id from events where search_words @@ to_tsquery('simple', 'filharmoni:*')`,
        ),
        words: await plan(
          sql`select event_id from event_words where word >= 'filharmoni' and word < 'filharmonj' and end_date > now()`,
        ),
        // A typo's word is found in the dictionary of known words.
        typo: await plan(sql`select word from search_dictionary where 'filharmnia' <% word`),
        geo: await plan(
          sql`select id from events where earth_box(ll_to_earth(50.06, 19.93), 10000) @> earth`,
        ),
        nearest: await plan(
          sql`select id from events order by earth <-> ll_to_earth(50.06, 19.93)::cube limit 12`,
        ),
        cityCategory: await plan(
          sql`select id from events where f_unaccent(lower(city)) = 'krakow' and category_id = 1 and start_date < now()`,
        ),
      };
    });
    await db.execute(sql`delete from search_dictionary where word like 'slowo%' and length(word) = 37`);
    expect(plans.text).toMatch(/events_search_words_idx/);
    expect(plans.words).toMatch(/Index Only Scan using event_words_pk/);
    expect(plans.typo).toMatch(/search_dictionary_trgm_idx/);
    expect(plans.geo).toMatch(/events_earth_idx/);
    expect(plans.nearest).toMatch(/Index (Only )?Scan using events_earth_idx/);
    expect(plans.cityCategory).toMatch(/events_city_category_start_idx/);
  });
});

describe('GET /api/place filters', () => {
  it('finds places by text without diacritics, by city, category and distance', async () => {
    const res = await api().inject({ url: '/api/place?localization=gdansk&per_page=50' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.length).toBeGreaterThan(0);
    for (const p of body.data) expect(p.city).toBe('Gdańsk');
    const near = (
      await api().inject({
        url: '/api/place?lat=52.2297&lng=21.0122&max_distance=15&order_by=closest&per_page=50',
      })
    ).json();
    expect(near.data.length).toBeGreaterThan(0);
    const distances = near.data.map((p: { lat: number; lng: number; distance_km: number }) => p.distance_km);
    expect(distances.every((d: number, i: number) => i === 0 || d >= distances[i - 1])).toBe(true);
    const db = testDb.handle().db;
    // A list hides the coordinates of a place whose plan shows no map, as its page does: the stored ones.
    const stored = new Map(
      (await db.select({ id: s.places.id, lat: s.places.lat, lng: s.places.lng }).from(s.places)).map((p) => [
        p.id,
        p,
      ]),
    );
    for (const p of near.data) {
      const at = stored.get(p.id)!;
      expect(km(52.2297, 21.0122, at.lat!, at.lng!)).toBeLessThanOrEqual(15.05);
    }
    const [first] = await db.select().from(s.places).limit(1);
    const word = first!.name.split(' ').find((w) => w.length > 5) ?? first!.name;
    const folded = word
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .replace(/ł/g, 'l')
      .replace(/Ł/g, 'L')
      .toUpperCase();
    const text = (
      await api().inject({ url: `/api/place?search=${encodeURIComponent(folded)}&per_page=100` })
    ).json();
    expect(text.data.map((p: { id: number }) => p.id)).toContain(first!.id);
  });

  it.each(['order_by=cheapest', 'order_by=closest', 'max_distance=5', 'page=0', 'lat=10'])(
    'answers %s with a 422',
    async (query) => {
      expect((await api().inject({ url: `/api/place?${query}` })).statusCode).toBe(422);
    },
  );
});

describe('the statement GET /api/event sends', () => {
  it('uses the earth index for a distance search and the city+category btree for a narrow one', async () => {
    const db = testDb.handle().db;
    await db.execute(sql`analyze`);
    const plan = async (query: string) => {
      const q = eventSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
      const rows = await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return (await tx.execute(sql`explain ${eventSearchStatement(q, new Date())}`)) as unknown;
      });
      const list = Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows;
      return list.map((r) => Object.values(r as object)[0]).join('\n');
    };
    expect(await plan('lat=50.06&lng=19.93&max_distance=10&order_by=closest')).toMatch(/events_earth_idx/);
    expect(await plan('localization=Krak%C3%B3w&category_id=1')).toMatch(/events_city_category_start_idx/);
    // The nearest events (the home page's "nearby") come from walking the index, not sorting them all.
    expect(await plan('lat=50.06&lng=19.93&order_by=closest&limit=20')).toMatch(/Order By: \(earth <-> /);
  });
});

describe('the search cache', () => {
  const query = 'search=filharmonia&order_by=latest';
  const names = async () => (await search(query)).body.data.map((e) => e.name);

  it('answers a repeated search from memory until something changes', async () => {
    const db = testDb.handle().db;
    const before = await names();
    expect(before).toContain('Filharmonia dla najmłodszych');
    // A write that neither fires the triggers nor passes through this process's write methods, as
    // only a superuser could make it: the cached answer stays.
    await db.execute(sql`do $$ begin
      set local session_replication_role = replica;
      update events set name = 'Filharmonia: cicha zmiana' where name = 'Filharmonia dla najmłodszych';
    end $$`);
    expect(await names()).toEqual(before);
    // Any ordinary write tells the cache at once.
    await db.update(s.premiumSettings).set({ bonusDistance: 0 });
    expect(await names()).toContain('Filharmonia: cicha zmiana');
  });

  it('keeps its answers through page views and writes to tables no search reads', async () => {
    const db = testDb.handle().db;
    const visits = async () => (await search('search=filharmonia&order_by=popular')).body.data[0];
    // Long enough for a NOTIFY to arrive, from the write here or from one the visit might send.
    const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
    await db.update(s.premiumSettings).set({ bonusDistance: 0 });
    await settle();
    const before = await visits();
    expect(before).toBeDefined();
    expect(await recordVisit({ subject: 'event', id: before!.id, visitor: 'cache-test' })).toBe(true);
    await flushStats();
    await deliverPendingMail();
    await settle();
    expect((await visits())?.visit_count).toBe(before!.visit_count);
    // The visit was counted: an ordinary write shows it.
    await db.update(s.premiumSettings).set({ bonusDistance: 0 });
    expect((await visits())?.visit_count).toBe(before!.visit_count + 1);
  });

  it('hears writes made by another connection or process through NOTIFY', async () => {
    const db = testDb.handle().db;
    expect(await names()).toContain('Filharmonia: cicha zmiana');
    // db.execute is not one of the watched write methods, so only the trigger's NOTIFY can tell.
    await db.execute(
      sql`update events set name = 'Filharmonia dla najmłodszych' where name = 'Filharmonia: cicha zmiana'`,
    );
    await expect.poll(names, { timeout: 5_000 }).toContain('Filharmonia dla najmłodszych');
  });
});
