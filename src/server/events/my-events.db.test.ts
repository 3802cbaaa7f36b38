import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { events } from '@/db/schema';
import { myEventsQuerySchema } from '@/lib/schemas/my-events';
import type { AuthUser } from '@/server/auth/access-tokens';
import { insertActor, insertPlace, seededCategoryId } from '@/test-support/fixtures';
import { findMyEvents } from './my-events';

// Issue 29 point 7: the company's list on /calendar and GET /api/event/get_mine, paged, searched by
// name or place, on the upcoming (not ended, soonest first) or past (ended, latest first) tab.

const now = new Date('2030-06-01T12:00:00Z');
const hour = 3_600_000;
const day = 24 * hour;

let categoryId: number;
beforeAll(async () => {
  categoryId = await seededCategoryId();
});

/** A company with `upcoming` events starting 1, 2, … days after `now` and `past` ones ended before it. */
async function company({ upcoming, past }: { upcoming: number; past: number }) {
  const actor = await insertActor('company');
  const place = await insertPlace(actor.id, { name: 'Klub Stodoła' });
  const row = (name: string, start: Date, end: Date, placeName: string | null = 'Klub Stodoła') => ({
    userId: actor.id,
    placeId: place.id,
    categoryId,
    name,
    placeName,
    city: 'Warszawa',
    startDate: start,
    endDate: end,
  });
  const rows = [
    ...Array.from({ length: upcoming }, (_, i) => {
      const start = new Date(now.getTime() + (i + 1) * day);
      return row(`Koncert ${String(i + 1).padStart(2, '0')}`, start, new Date(start.getTime() + 2 * hour));
    }),
    ...Array.from({ length: past }, (_, i) => {
      const start = new Date(now.getTime() - (i + 1) * day);
      return row(`Wystawa ${String(i + 1).padStart(2, '0')}`, start, new Date(start.getTime() + 2 * hour));
    }),
  ];
  const db = await getDb();
  if (rows.length) await db.insert(events).values(rows);
  return { actor, placeId: place.id, row };
}

const find = (actor: AuthUser, query: Record<string, string>) =>
  findMyEvents({ actor, query: myEventsQuerySchema.parse(query), now });

describe('findMyEvents', () => {
  it('pages the upcoming tab soonest first and counts both tabs', async () => {
    const { actor } = await company({ upcoming: 27, past: 5 });
    const first = await find(actor, { when: 'upcoming' });
    expect(first).toMatchObject({
      current_page: 1,
      last_page: 3,
      per_page: 12,
      total: 27,
      total_exact: true,
      counts: { upcoming: 27, past: 5 },
    });
    expect(first.data.map((e) => e.name)).toEqual(
      Array.from({ length: 12 }, (_, i) => `Koncert ${String(i + 1).padStart(2, '0')}`),
    );
    const third = await find(actor, { when: 'upcoming', page: '3' });
    expect(third.data.map((e) => e.name)).toEqual(['Koncert 25', 'Koncert 26', 'Koncert 27']);
    expect(third.data.every((e) => e.creation_back)).toBe(true);
  });

  it('lists ended events latest first on the past tab, where nothing gives a creation back', async () => {
    const { actor } = await company({ upcoming: 3, past: 4 });
    const past = await find(actor, { when: 'past' });
    expect(past.total).toBe(4);
    expect(past.data.map((e) => e.name)).toEqual(['Wystawa 01', 'Wystawa 02', 'Wystawa 03', 'Wystawa 04']);
    expect(past.data.some((e) => e.creation_back)).toBe(false);
  });

  it('counts an event under way as upcoming, without giving its creation back', async () => {
    const { actor, row } = await company({ upcoming: 0, past: 0 });
    const db = await getDb();
    await db
      .insert(events)
      .values(row('Festiwal trwa', new Date(now.getTime() - day), new Date(now.getTime() + day)));
    const result = await find(actor, { when: 'upcoming' });
    expect(result.counts).toEqual({ upcoming: 1, past: 0 });
    expect(result.data[0]).toMatchObject({ name: 'Festiwal trwa', creation_back: false });
  });

  it('searches names and place names, accents and case aside, and counts the tabs for the search', async () => {
    const { actor, row } = await company({ upcoming: 15, past: 3 });
    const db = await getDb();
    await db
      .insert(events)
      .values([
        row('Jazz nad Wisłą', new Date(now.getTime() + 40 * day), new Date(now.getTime() + 40 * day + hour)),
        row(
          'Potańcówka',
          new Date(now.getTime() + 41 * day),
          new Date(now.getTime() + 41 * day + hour),
          'Żółta Łódź',
        ),
        row('100% jazz', new Date(now.getTime() - 40 * day), new Date(now.getTime() - 40 * day + hour)),
      ]);
    const jazz = await find(actor, { q: 'JAZZ', when: 'upcoming' });
    expect(jazz.data.map((e) => e.name)).toEqual(['Jazz nad Wisłą']);
    expect(jazz.counts).toEqual({ upcoming: 1, past: 1 });
    expect((await find(actor, { q: 'wisla' })).data.map((e) => e.name)).toEqual(['Jazz nad Wisłą']);
    expect((await find(actor, { q: 'zolta lodz' })).data.map((e) => e.name)).toEqual(['Potańcówka']);
    // LIKE's wildcards are plain characters in a search.
    expect((await find(actor, { q: '100%' })).data.map((e) => e.name)).toEqual(['100% jazz']);
    expect((await find(actor, { q: '_' })).total).toBe(0);
    const none = await find(actor, { q: 'opera', when: 'upcoming' });
    expect(none).toMatchObject({ data: [], total: 0, current_page: 1, last_page: 1 });
    expect(none.counts).toEqual({ upcoming: 0, past: 0 });
  });

  it('shows the last page for a page past it, and nothing of another company', async () => {
    const { actor } = await company({ upcoming: 13, past: 0 });
    const other = await company({ upcoming: 30, past: 30 });
    const beyond = await find(actor, { when: 'upcoming', page: '9' });
    expect(beyond).toMatchObject({ current_page: 2, last_page: 2, total: 13 });
    expect(beyond.data.map((e) => e.name)).toEqual(['Koncert 13']);
    const all = await find(actor, { per_page: '100' });
    expect(all.total).toBe(13);
    const theirs = new Set((await find(other.actor, { per_page: '100' })).data.map((e) => e.id));
    expect(all.data.some((e) => theirs.has(e.id))).toBe(false);
  });

  it('is only for companies', async () => {
    const user = await insertActor('user');
    await expect(find(user, {})).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('reads blank fields of the query as absent and refuses an unknown tab', () => {
    expect(myEventsQuerySchema.parse({ q: '  ', when: '', page: '' })).toEqual({
      q: undefined,
      when: undefined,
      page: undefined,
      per_page: undefined,
    });
    expect(myEventsQuerySchema.safeParse({ when: 'soon' }).success).toBe(false);
    expect(myEventsQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
});
