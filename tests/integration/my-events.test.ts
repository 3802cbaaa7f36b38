import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import * as s from '@/db/schema';
import { createAccount, createOrganiser, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

// Issue 29 point 7 over HTTP: GET /api/event/get_mine keeps its answer without parameters and pages with
// q, when, page; DELETE /api/event/{id} stays a 204 and gives a future event's creation back.

setupTestDb();
const api = setupApi();
const day = 86_400_000;

async function withEvents(count: number, { past = 0 } = {}) {
  const org = await createOrganiser({ eventsLeft: 3 });
  const db = await getDb();
  const now = Date.now();
  const row = (name: string, start: number) => ({
    userId: org.user.id,
    placeId: org.placeId,
    categoryId: 1,
    name,
    city: 'Gdańsk',
    startDate: new Date(start),
    endDate: new Date(start + 3_600_000),
  });
  const rows = [
    ...Array.from({ length: count }, (_, i) => row(`Koncert ${i + 1}`, now + (i + 1) * day)),
    ...Array.from({ length: past }, (_, i) => row(`Wystawa ${i + 1}`, now - (i + 1) * day)),
  ];
  const inserted = await db.insert(s.events).values(rows).returning({ id: s.events.id, name: s.events.name });
  return { org, inserted };
}

const getMine = (auth: Record<string, string>, query = '') =>
  api().inject({ url: `/api/event/get_mine${query}`, headers: { ...auth, 'accept-language': 'en' } });

describe('GET /api/event/get_mine', () => {
  it('answers every event as before when no parameter is given', async () => {
    const { org } = await withEvents(14, { past: 2 });
    const res = await getMine(org.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data).toHaveLength(16);
    expect(body.data[0]).not.toHaveProperty('creation_back');
  });

  it('pages, searches and picks a tab with q, when and page', async () => {
    const { org } = await withEvents(14, { past: 2 });
    const first = (await getMine(org.auth, '?when=upcoming')).json();
    expect(first).toMatchObject({
      current_page: 1,
      last_page: 2,
      per_page: 12,
      total: 14,
      total_exact: true,
      counts: { upcoming: 14, past: 2 },
    });
    expect(first.data[0]).toMatchObject({ name: 'Koncert 1', creation_back: true });
    const second = (await getMine(org.auth, '?when=upcoming&page=2')).json();
    expect(second.data.map((e: { name: string }) => e.name)).toEqual(['Koncert 13', 'Koncert 14']);
    const past = (await getMine(org.auth, '?when=past&q=wystawa')).json();
    expect(past.data.map((e: { name: string }) => e.name)).toEqual(['Wystawa 1', 'Wystawa 2']);
    expect(past.data[0].creation_back).toBe(false);
    expect(
      (await getMine(org.auth, '?q=koncert%2012')).json().data.map((e: { name: string }) => e.name),
    ).toEqual(['Koncert 12']);
  });

  it('refuses a bad parameter with a 422 naming the field', async () => {
    const { org } = await withEvents(1);
    const res = await getMine(org.auth, '?when=soon&page=0');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['page', 'when']);
  });

  it('is for companies only', async () => {
    const user = await createAccount('user');
    expect((await getMine(user.auth, '?page=1')).statusCode).toBe(403);
    expect((await api().inject({ url: '/api/event/get_mine?page=1' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/event/{id}', () => {
  it('answers 204 and gives back the creation of an event that has not started', async () => {
    const { org, inserted } = await withEvents(1, { past: 1 });
    const [future, ended] = inserted;
    const left = async () =>
      (await api().inject({ url: '/api/company/get_events_left', headers: org.auth })).json().data
        .events_left;
    expect(await left()).toBe(3);
    const gone = await api().inject({ method: 'DELETE', url: `/api/event/${future?.id}`, headers: org.auth });
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect(await left()).toBe(4);
    const old = await api().inject({ method: 'DELETE', url: `/api/event/${ended?.id}`, headers: org.auth });
    expect(old.statusCode).toBe(204);
    expect(await left()).toBe(4);
    const db = await getDb();
    expect(await db.select().from(s.events).where(eq(s.events.userId, org.user.id))).toEqual([]);
  });

  it("refuses another company's event and gives nothing", async () => {
    const { inserted } = await withEvents(1);
    const other = await createOrganiser({ eventsLeft: 0 });
    const res = await api().inject({
      method: 'DELETE',
      url: `/api/event/${inserted[0]?.id}`,
      headers: other.auth,
    });
    expect(res.statusCode).toBe(403);
    const db = await getDb();
    const [row] = await db
      .select({ left: s.users.eventsLeft })
      .from(s.users)
      .where(eq(s.users.id, other.user.id));
    expect(row?.left).toBe(0);
  });
});
