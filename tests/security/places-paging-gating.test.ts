import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import * as s from '@/db/schema';
import { createAccount, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

// Issue 10 point 9: deleting a place tells its events' followers as deleting each event would; no page
// walks past a bounded number of rows; lists hide what the plan hides on the detail answers.

setupTestDb();
const api = setupApi();

type Account = Awaited<ReturnType<typeof createAccount>>;

let basicPlan: number;
let proPlan: number;
let categoryId: number;

beforeAll(async () => {
  const db = await getDb();
  const plans = await db.select().from(s.premiumSettings);
  basicPlan = plans.find((p) => p.isDefault)!.id;
  proPlan = plans.reduce((a, b) => (b.level > a.level ? b : a)).id;
  expect(plans.find((p) => p.id === basicPlan)).toMatchObject({ showMap: false, displayEmail: false });
  expect(plans.find((p) => p.id === proPlan)).toMatchObject({ showMap: true, displayEmail: true });
  const [category] = await db.select({ id: s.categories.id }).from(s.categories).limit(1);
  categoryId = category!.id;
});

async function company(plan: 'basic' | 'pro' | 'none'): Promise<Account> {
  const account = await createAccount('company');
  const db = await getDb();
  await db
    .update(s.users)
    .set({
      premiumSettingId: plan === 'none' ? null : plan === 'basic' ? basicPlan : proPlan,
      eventsLeft: 20,
    })
    .where(eq(s.users.id, account.user.id));
  return account;
}

async function placeOf(owner: Account, city: string, name = 'Miejsce') {
  const db = await getDb();
  const [place] = await db
    .insert(s.places)
    .values({
      userId: owner.user.id,
      name,
      city,
      street: 'Długa 1',
      postcode: '80-001',
      lat: 54.35,
      lng: 18.65,
      phone: '+48 58 000 00 00',
      emailContact: 'kontakt@miejsce.example',
      url: 'https://miejsce.example',
      facebook: 'https://facebook.com/miejsce',
      description: 'Opis',
    })
    .returning({ id: s.places.id });
  return place!.id;
}

async function eventAt(owner: Account, placeId: number, name: string, city = 'Gdańsk') {
  const db = await getDb();
  const [event] = await db
    .insert(s.events)
    .values({
      userId: owner.user.id,
      placeId,
      categoryId,
      name,
      city,
      lat: 54.35,
      lng: 18.65,
      startDate: new Date(Date.now() + 86_400_000),
      endDate: new Date(Date.now() + 2 * 86_400_000),
    })
    .returning({ id: s.events.id });
  return event!.id;
}

const follow = (who: Account, eventId: number, list: 'favourite' | 'calendar') =>
  api().inject({
    method: 'POST',
    url: `/api/event/add_${list}`,
    headers: who.auth,
    payload: { id: eventId },
  });

async function notices(who: Account) {
  const res = await api().inject({
    method: 'GET',
    url: '/api/notification',
    headers: { ...who.auth, 'accept-language': 'en' },
  });
  expect(res.statusCode).toBe(200);
  return (
    JSON.parse(res.body).data as { message: string; event_id: number | null; place_id: number | null }[]
  )
    .map((n) => ({ message: n.message, event_id: n.event_id, place_id: n.place_id }))
    .sort((a, b) => a.message.localeCompare(b.message));
}

describe('deleting a place', () => {
  it('tells the followers of each of its events, as deleting that event alone does', async () => {
    const owner = await company('pro');
    const doomed = await placeOf(owner, 'Sopot');
    const kept = await placeOf(owner, 'Sopot');
    const jazz = await eventAt(owner, doomed, 'Jazz nad morzem');
    const poetry = await eventAt(owner, doomed, 'Wieczór poezji');
    const other = await eventAt(owner, kept, 'Inne wydarzenie');
    const alone = await eventAt(owner, kept, 'Usunięte osobno');

    const [both, calendarFan, favouriteFan, bystander] = await Promise.all([
      createAccount('user'),
      createAccount('user'),
      createAccount('user'),
      createAccount('user'),
    ]);
    for (const [who, eventId, list] of [
      [both, jazz, 'calendar'],
      [both, jazz, 'favourite'],
      [both, poetry, 'favourite'],
      [calendarFan, jazz, 'calendar'],
      [favouriteFan, poetry, 'favourite'],
      [bystander, other, 'calendar'],
      [calendarFan, alone, 'calendar'],
    ] as const) {
      expect((await follow(who, eventId, list)).statusCode).toBe(200);
    }

    // The reference: the notice one deleted event sends.
    expect(
      (await api().inject({ method: 'DELETE', url: `/api/event/${alone}`, headers: owner.auth })).statusCode,
    ).toBe(204);
    const single = await notices(calendarFan);
    expect(single).toEqual([
      { message: 'An event was cancelled: Usunięte osobno', event_id: null, place_id: null },
    ]);

    expect(
      (await api().inject({ method: 'DELETE', url: `/api/place/${doomed}`, headers: owner.auth })).statusCode,
    ).toBe(204);
    const cancelled = (name: string) => ({
      message: `An event was cancelled: ${name}`,
      event_id: null,
      place_id: null,
    });
    // One notice per event followed, however it was followed (calendar and favourites count once).
    expect(await notices(both)).toEqual([cancelled('Jazz nad morzem'), cancelled('Wieczór poezji')]);
    expect(await notices(calendarFan)).toEqual([cancelled('Jazz nad morzem'), cancelled('Usunięte osobno')]);
    expect(await notices(favouriteFan)).toEqual([cancelled('Wieczór poezji')]);
    expect(await notices(bystander)).toEqual([]);

    const db = await getDb();
    expect(await db.select().from(s.events).where(eq(s.events.placeId, doomed))).toEqual([]);
    expect((await db.select().from(s.events).where(eq(s.events.id, other))).length).toBe(1);
  });

  it('sends nothing when the delete is refused', async () => {
    const owner = await company('pro');
    const intruder = await company('pro');
    const placeId = await placeOf(owner, 'Sopot');
    const eventId = await eventAt(owner, placeId, 'Chroniony koncert');
    const fan = await createAccount('user');
    await follow(fan, eventId, 'calendar');
    const res = await api().inject({
      method: 'DELETE',
      url: `/api/place/${placeId}`,
      headers: intruder.auth,
    });
    expect(res.statusCode).toBe(403);
    expect(await notices(fan)).toEqual([]);
  });
});

describe('paging', () => {
  beforeAll(async () => {
    // 10,050 places and events in a city of their own: just past the result window.
    const owner = await company('pro');
    const placeId = await placeOf(owner, 'Głębokie', 'Pierwsze');
    const db = await getDb();
    await db.execute(sql`
      insert into places (user_id, name, city, street, postcode)
      select ${owner.user.id}, 'Miejsce ' || n, 'Głębokie', 'Długa ' || n, '80-001' from generate_series(2, 10050) n`);
    await db.execute(sql`
      insert into events (user_id, place_id, category_id, name, city, start_date, end_date)
      select ${owner.user.id}, ${placeId}, ${categoryId}, 'Wydarzenie ' || n, 'Głębokie',
        now() + interval '1 day' + n * interval '1 minute', now() + interval '2 days' + n * interval '1 minute'
      from generate_series(1, 10050) n`);
  });

  it('refuses a page past 10,000 results with a 422 that names the last page', async () => {
    for (const path of ['/api/event', '/api/place']) {
      for (const [query, lastPage] of [
        ['page=834', 833],
        ['page=101&per_page=100', 100],
        ['page=10000&per_page=1', null],
        ['page=5001&per_page=2', 5000],
      ] as const) {
        const res = await api().inject({
          method: 'GET',
          url: `${path}?localization=G%C5%82%C4%99bokie&${query}`,
          headers: { 'accept-language': 'en' },
        });
        if (lastPage === null) {
          expect(res.statusCode, `${path}?${query}`).toBe(200);
          continue;
        }
        expect(res.statusCode, `${path}?${query}`).toBe(422);
        expect(JSON.parse(res.body).errors.page.join(' ')).toContain(String(lastPage));
      }
    }
  });

  it('serves the last page inside the window and never offers one past it', async () => {
    for (const path of ['/api/event', '/api/place']) {
      const first = JSON.parse(
        (await api().inject({ method: 'GET', url: `${path}?localization=G%C5%82%C4%99bokie&per_page=100` }))
          .body,
      );
      // Decision 36: events are counted up to 10,000 and then reported as a lower bound; places exactly.
      if (path === '/api/event') expect(first).toMatchObject({ total: 10_000, total_exact: false });
      else expect(first).toMatchObject({ total: 10_050, total_exact: true });
      expect(first.last_page).toBe(100);
      const deepest = await api().inject({
        method: 'GET',
        url: `${path}?localization=G%C5%82%C4%99bokie&per_page=100&page=${first.last_page}`,
      });
      expect(deepest.statusCode).toBe(200);
      expect(JSON.parse(deepest.body).data).toHaveLength(100);
      const twelve = JSON.parse(
        (await api().inject({ method: 'GET', url: `${path}?localization=G%C5%82%C4%99bokie` })).body,
      );
      expect(twelve.last_page).toBe(833);
    }
  });
});

describe('plan gating in lists', () => {
  /** A list item shows nothing its detail answer hides: a field null there is null here (nested too). */
  function expectNoMoreThanDetail(
    item: Record<string, unknown>,
    detail: Record<string, unknown>,
    label: string,
  ) {
    for (const [key, value] of Object.entries(item)) {
      if (!(key in detail)) continue;
      const shown = detail[key];
      if (shown === null) expect(value, `${label}.${key}`).toBeNull();
      else if (
        typeof value === 'object' &&
        value !== null &&
        typeof shown === 'object' &&
        !Array.isArray(value)
      ) {
        expectNoMoreThanDetail(
          value as Record<string, unknown>,
          shown as Record<string, unknown>,
          `${label}.${key}`,
        );
      }
    }
  }

  it('hides the coordinates and contacts of a place in every list as its page does', async () => {
    const basic = await company('basic');
    const unplanned = await company('none');
    const pro = await company('pro');
    const places = {
      basic: await placeOf(basic, 'Gatingowo', 'Bez mapy'),
      unplanned: await placeOf(unplanned, 'Gatingowo', 'Bez planu'),
      pro: await placeOf(pro, 'Gatingowo', 'Z mapą'),
    };
    const events = {
      basic: await eventAt(basic, places.basic, 'Wydarzenie bez mapy', 'Gatingowo'),
      pro: await eventAt(pro, places.pro, 'Wydarzenie z mapą', 'Gatingowo'),
    };
    const fan = await createAccount('user');
    for (const id of Object.values(places)) {
      await api().inject({
        method: 'POST',
        url: '/api/place/add_favourite',
        headers: fan.auth,
        payload: { id },
      });
    }
    for (const id of Object.values(events)) {
      await follow(fan, id, 'favourite');
      await follow(fan, id, 'calendar');
    }

    const details = new Map<string, Record<string, unknown>>();
    const detail = async (kind: 'place' | 'event', id: number) => {
      const key = `${kind}:${id}`;
      if (!details.has(key)) {
        const res = await api().inject({ method: 'GET', url: `/api/${kind}/${id}`, headers: fan.auth });
        expect(res.statusCode).toBe(200);
        details.set(key, JSON.parse(res.body).data);
      }
      return details.get(key)!;
    };
    expect(await detail('place', places.basic)).toMatchObject({
      lat: null,
      lng: null,
      email: null,
      phone: null,
    });
    expect(await detail('place', places.unplanned)).toMatchObject({ lat: null, lng: null, email: null });
    expect(await detail('place', places.pro)).toMatchObject({ lat: 54.35, lng: 18.65 });

    const lists: [string, 'place' | 'event', Account | null][] = [
      ['/api/place?localization=Gatingowo', 'place', null],
      ['/api/place?lat=54.35&lng=18.65&max_distance=5&order_by=closest', 'place', null],
      ['/api/place?order_by=popular&per_page=100', 'place', null],
      ['/api/place/favourite', 'place', fan],
      ['/api/event?localization=Gatingowo', 'event', null],
      ['/api/event?lat=54.35&lng=18.65&max_distance=5&order_by=closest', 'event', null],
      ['/api/event/favourite', 'event', fan],
      ['/api/event/calendar', 'event', fan],
      ['/api/event/get_mine', 'event', basic],
    ];
    const seen = new Set<string>();
    for (const [url, kind, who] of lists) {
      const res = await api().inject({ method: 'GET', url, headers: who?.auth ?? {} });
      expect(res.statusCode, url).toBe(200);
      const items = JSON.parse(res.body).data as Record<string, unknown>[];
      const ours = items.filter((i) =>
        (Object.values(kind === 'place' ? places : events) as number[]).includes(i.id as number),
      );
      expect(ours.length, url).toBeGreaterThan(0);
      for (const item of ours) {
        expectNoMoreThanDetail(item, await detail(kind, item.id as number), `${url} #${item.id}`);
        seen.add(`${kind}:${item.id}`);
      }
    }
    // The place list answers carry coordinates at all, so the comparison above covered them.
    const list = JSON.parse(
      (await api().inject({ method: 'GET', url: '/api/place?localization=Gatingowo' })).body,
    ).data as { id: number; lat: number | null }[];
    expect(list.find((p) => p.id === places.basic)?.lat).toBeNull();
    expect(list.find((p) => p.id === places.unplanned)?.lat).toBeNull();
    expect(list.find((p) => p.id === places.pro)?.lat).toBe(54.35);
    expect(seen.size).toBe(5);
  });
});
