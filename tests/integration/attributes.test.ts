import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { attributes, events } from '@/db/schema';
import { createAccount, createOrganiser, portalOrigin, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { multipart } from '../helpers/forms';

// Issue 30 item 4: attributes through the API: the public catalogue, the admin CRUD (admins only, not
// across origins), an event's attribute_ids (checked, 422 otherwise), attributes in the answers, and
// `attributes=` on the searches (422 on an unknown slug).

setupTestDb();
const api = setupApi();

type Auth = Record<string, string>;
let admin: { auth: Auth; token: string };
let user: { auth: Auth };
let org: { auth: Auth; placeId: number };
const ids: Record<string, number> = {};

beforeAll(async () => {
  admin = await createAccount('admin');
  user = await createAccount('user');
  org = await createOrganiser();
  for (const row of await (await getDb()).select().from(attributes)) ids[row.slug] = row.id;
});

const eventForm = (placeId: number, extra: Record<string, string | string[]> = {}) => ({
  category_id: '1',
  place_id: String(placeId),
  name: 'Bajki dla maluchów',
  price_min: '0',
  price_max: '0',
  spots_left: '20',
  start_date: '2031-07-05',
  start_date_h: '10:00',
  end_date: '2031-07-05',
  end_date_h: '11:00',
  ...extra,
});

async function postEvent(fields: Record<string, string | string[]>, lang = 'pl') {
  const form = await multipart(fields, {});
  return api().inject({
    method: 'POST',
    url: '/api/event',
    headers: { ...form.headers, ...org.auth, 'accept-language': lang },
    payload: form.payload,
  });
}

describe('GET /api/attribute', () => {
  it('lists the catalogue in the request’s language, filtered by what it applies to', async () => {
    const pl = await api().inject({ url: '/api/attribute', headers: { 'accept-language': 'pl' } });
    expect(pl.statusCode).toBe(200);
    expect(pl.json().data.find((a: { slug: string }) => a.slug === 'changing_table')).toMatchObject({
      name: 'Przewijak',
      group: 'family',
      icon: 'baby',
    });
    const en = await api().inject({ url: '/api/attribute?for=event', headers: { 'accept-language': 'en' } });
    expect(en.json().data.find((a: { slug: string }) => a.slug === 'step_free_entrance').name).toBe(
      'Step-free entrance',
    );
    expect((await api().inject({ url: '/api/attribute?for=nothing' })).statusCode).toBe(422);
  });
});

describe('the admin catalogue of attributes', () => {
  const base = '/api/admin/catalogue/attribute';
  const body = {
    slug: 'audio_description',
    group: 'accessibility',
    icon: 'ear',
    name_pl: 'Audiodeskrypcja',
    name_en: 'Audio description',
    for_places: false,
    for_events: true,
    position: 45,
  };

  it('is for admins only', async () => {
    expect((await api().inject({ method: 'GET', url: base })).statusCode).toBe(401);
    expect(
      (await api().inject({ method: 'POST', url: base, headers: user.auth, payload: body })).statusCode,
    ).toBe(403);
    expect((await api().inject({ method: 'DELETE', url: `${base}/1`, headers: org.auth })).statusCode).toBe(
      403,
    );
  });

  it('refuses a cookie-authenticated write from another origin', async () => {
    const foreign = await api().inject({
      method: 'POST',
      url: base,
      headers: { cookie: `token=${admin.token}`, origin: 'https://evil.example' },
      payload: body,
    });
    expect(foreign.statusCode).toBe(403);
    const own = await api().inject({
      method: 'GET',
      url: base,
      headers: { cookie: `token=${admin.token}`, ...portalOrigin() },
    });
    expect(own.statusCode).toBe(200);
  });

  it('creates, edits and deletes, with field errors for bad input', async () => {
    const bad = await api().inject({
      method: 'POST',
      url: base,
      headers: admin.auth,
      payload: { ...body, icon: 'skull', for_events: false },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['for_places', 'icon']);

    const created = await api().inject({ method: 'POST', url: base, headers: admin.auth, payload: body });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({
      slug: 'audio_description',
      places_count: 0,
      events_count: 0,
    });

    const taken = await api().inject({ method: 'POST', url: base, headers: admin.auth, payload: body });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.slug).toBeDefined();

    const edited = await api().inject({
      method: 'PUT',
      url: `${base}/${id}`,
      headers: admin.auth,
      payload: { ...body, name_en: 'Audio-described' },
    });
    expect(edited.json().data.name_en).toBe('Audio-described');

    const res = await postEvent(eventForm(org.placeId, { 'attribute_ids[]': [String(id)] }), 'en');
    expect(res.statusCode).toBe(201);
    const eventId = res.json().data.id;
    expect(res.json().data.attributes).toEqual([
      { slug: 'audio_description', name: 'Audio-described', icon: 'ear', group: 'accessibility' },
    ]);

    expect(
      (await api().inject({ method: 'DELETE', url: `${base}/${id}`, headers: admin.auth })).statusCode,
    ).toBe(204);
    const [row] = await (await getDb()).select().from(events).where(eq(events.id, eventId));
    expect(row?.attributeIds).toEqual([]);
  });
});

describe('attributes on events and in searches', () => {
  it('saves checked ids, refuses unknown ones with a field error, and answers them named', async () => {
    const wrong = await postEvent(eventForm(org.placeId, { 'attribute_ids[]': ['999999'] }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.attribute_ids).toBeDefined();

    const res = await postEvent(
      eventForm(org.placeId, {
        name: 'Warsztaty rodzinne',
        'attribute_ids[]': [String(ids.changing_table), String(ids.step_free_entrance)],
      }),
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    const shown = await api().inject({ url: `/api/event/${id}`, headers: { 'accept-language': 'pl' } });
    expect(shown.json().data.attributes.map((a: { name: string }) => a.name)).toEqual([
      'Wejście bez schodów',
      'Przewijak',
    ]);

    const found = await api().inject({
      url: '/api/event?attributes=changing_table,step_free_entrance&date_from=2031-07-05&date_end=2031-07-06&per_page=50',
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().data.map((e: { id: number }) => e.id)).toContain(id);
    const none = await api().inject({
      url: '/api/event?attributes=parking,changing_table&date_from=2031-07-05',
    });
    expect(none.json().data.map((e: { id: number }) => e.id)).not.toContain(id);
  });

  it('answers 422 on an unknown slug, on events and places', async () => {
    for (const url of [
      '/api/event?attributes=parking,flying_carpet',
      '/api/place?attributes=flying_carpet',
    ]) {
      const res = await api().inject({ url });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.attributes).toBeDefined();
    }
    expect((await api().inject({ url: '/api/place?attributes=Bad%20Slug' })).statusCode).toBe(422);
  });

  it('answers 422 on an unknown "happening" or a bad "open_at", and 200 on good ones', async () => {
    const bad = await api().inject({ url: '/api/event?happening=soon' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.happening).toBeDefined();
    const badAt = await api().inject({ url: '/api/place?open_at=tomorrow' });
    expect(badAt.statusCode).toBe(422);
    expect(badAt.json().errors.open_at).toBeDefined();
    for (const url of [
      '/api/event?happening=now',
      '/api/event?happening=tonight',
      '/api/place?open_at=2030-01-05T18:30:15%2B01:00',
    ]) {
      expect((await api().inject({ url })).statusCode, url).toBe(200);
    }
  });

  it('reads search words as words, never as an object’s inherited keys', async () => {
    for (const word of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) {
      for (const url of [`/api/event?search=${word}`, `/api/place?search=${word}`]) {
        const res = await api().inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(Array.isArray(res.json().data), url).toBe(true);
      }
    }
  });

  it('shows a place’s attributes and filters places by them', async () => {
    const db = await getDb();
    const { places } = await import('@/db/schema');
    await db
      .update(places)
      .set({ attributeIds: [ids.pram_friendly as number, ids.parking as number] })
      .where(eq(places.id, org.placeId));
    const place = await api().inject({
      url: `/api/place/${org.placeId}`,
      headers: { 'accept-language': 'en' },
    });
    expect(place.json().data.attributes.map((a: { slug: string }) => a.slug)).toEqual([
      'pram_friendly',
      'parking',
    ]);
    const found = await api().inject({ url: '/api/place?attributes=pram_friendly,parking&per_page=50' });
    expect(found.json().data.map((p: { id: number }) => p.id)).toContain(org.placeId);
  });
});
