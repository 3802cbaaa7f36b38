import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { placeHours, placeSpecialHours } from '@/db/schema';
import { openState } from '@/lib/opening-hours';
import { placeSearchQuerySchema } from '@/lib/schemas/search';
import { insertActor, insertPlace } from '@/test-support/fixtures';
import * as cases from '@/test-support/open-now-cases';
import { listPlaces } from './list-places';
import { placeOpenAt } from './open-now';

// Issue 30: "open now" in SQL gives the answers of the pure function (src/lib/opening-hours.ts) for the
// same hours at the same instants: across midnight, special days, the DST change days, Sunday = 7.

let placeId = 0;
let alwaysId = 0;
let lateId = 0;
const city = `Otwarte-${Date.now()}`;

beforeAll(async () => {
  const owner = await insertActor('company');
  const db = await getDb();
  const place = await insertPlace(owner.id, { city, name: 'Nocny klub' });
  const always = await insertPlace(owner.id, { city, name: 'Całodobowy sklep' });
  const late = await insertPlace(owner.id, { city: `${city}-inne`, name: 'Bar z wolną niedzielą' });
  placeId = place.id;
  alwaysId = always.id;
  lateId = late.id;
  const hoursRow = (id: number, h: (typeof cases.weeklyCase)[number]) => ({
    placeId: id,
    weekDay: h.week_day,
    from: h.from,
    to: h.to,
    closed: h.closed,
    wholeDay: h.whole_day,
  });
  await db
    .insert(placeHours)
    .values([
      ...cases.weeklyCase.map((h) => hoursRow(placeId, h)),
      ...[1, 2, 3, 4, 5, 6, 7].map((d) => ({ placeId: alwaysId, weekDay: d, wholeDay: true })),
      ...cases.closedAfterLateCase.map((h) => hoursRow(lateId, h)),
    ]);
  await db.insert(placeSpecialHours).values(
    cases.specialCase.map((s) => ({
      placeId,
      date: s.date,
      from: s.from,
      to: s.to,
      closed: s.closed,
      wholeDay: s.whole_day,
    })),
  );
});

async function openInSql(id: number, at: Date): Promise<boolean | undefined> {
  const db = await getDb();
  const result = await db.execute(sql`select ${placeOpenAt(at, sql`${id}::int`)} as open`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { open: boolean }[] }).rows) as {
    open: boolean;
  }[];
  return rows[0]?.open;
}

describe('placeOpenAt (SQL) agrees with openState', () => {
  it.each(cases.openNowCases)('%s', async (_, instant, expected) => {
    const at = new Date(instant);
    expect(await openInSql(placeId, at)).toBe(expected !== false);
    expect(openState(cases.weeklyCase, cases.specialCase, at).open).toBe(expected !== false);
  });

  // Without special days: the week's minutes on the row (open_week) answer, and a closed date stops the
  // hours carried into it from the night before.
  it.each(cases.closedAfterLateCases)('%s', async (_, instant, expected) => {
    const at = new Date(instant);
    expect(await openInSql(lateId, at)).toBe(expected !== false);
    expect(openState(cases.closedAfterLateCase, [], at).open).toBe(expected !== false);
  });
});

describe('GET /api/place open_at / open_now', () => {
  const search = (query: Record<string, string>) =>
    listPlaces(placeSearchQuerySchema.parse({ localization: city, order_by: 'name', ...query }));

  it('lists only the places open at the instant, with the other filters', async () => {
    const names = async (query: Record<string, string>) => (await search(query)).data.map((p) => p.name);
    expect(await names({ open_at: '2026-12-24T12:00:00+01:00' })).toEqual(['Całodobowy sklep']);
    expect(await names({ open_at: '2026-12-19T00:59:00Z' })).toEqual(['Całodobowy sklep', 'Nocny klub']);
    expect(await names({ open_at: '2026-12-19T00:59:00Z', search: 'klub' })).toEqual(['Nocny klub']);
    expect(await names({})).toEqual(['Całodobowy sklep', 'Nocny klub']);
  });

  it('open_now asks at the current minute; open_at wins over it', async () => {
    const now = await search({ open_now: '1' });
    expect(now.data.map((p) => p.name)).toContain('Całodobowy sklep');
    const both = await search({ open_now: '1', open_at: '2026-12-24T12:00:00+01:00' });
    expect(both.data.map((p) => p.name)).toEqual(['Całodobowy sklep']);
    const query = placeSearchQuerySchema.parse({ localization: city, open_now: '1' });
    const atNight = await listPlaces(query, new Date('2026-12-21T23:30:00Z'));
    const atNoon = await listPlaces(query, new Date('2026-12-21T11:30:00Z'));
    expect(atNight.data.map((p) => p.name)).toEqual(['Całodobowy sklep']);
    expect(atNoon.data.map((p) => p.name).sort()).toEqual(['Całodobowy sklep', 'Nocny klub']);
  });

  it('refuses an instant that is not ISO 8601 with an offset', () => {
    for (const bad of [
      '2026-12-24',
      '2026-12-24T18:00',
      'jutro',
      '2026-02-30T10:00:00Z',
      '2026-12-24T25:00:00Z',
    ]) {
      expect(placeSearchQuerySchema.safeParse({ open_at: bad }).success, bad).toBe(false);
    }
    expect(placeSearchQuerySchema.parse({ open_at: '2026-12-24T18:00:00 01:00' }).open_at).toBe(
      '2026-12-24T18:00:00+01:00',
    );
  });
});

describe('places.open_week follows place_hours (migration 0022)', () => {
  const openWeekOf = async (id: number) => {
    const db = await getDb();
    const result = await db.execute(sql`select open_week::text as w from places where id = ${id}`);
    const rows = (Array.isArray(result) ? result : (result as { rows: { w: string }[] }).rows) as {
      w: string;
    }[];
    return rows[0]?.w;
  };

  it('is written on insert, rewritten on update and emptied on delete, past midnight wrapping to Monday', async () => {
    const owner = await insertActor('company');
    const db = await getDb();
    const place = await insertPlace(owner.id, { city, name: 'Bar do rana' });
    expect(await openWeekOf(place.id)).toBe('{}');
    // Monday 10:00–18:00; Sunday 22:00–02:00 runs into Monday's first two hours.
    await db.insert(placeHours).values([
      { placeId: place.id, weekDay: 1, from: '10:00', to: '18:00' },
      { placeId: place.id, weekDay: 7, from: '22:00', to: '02:00' },
      { placeId: place.id, weekDay: 3, closed: true },
    ]);
    expect(await openWeekOf(place.id)).toBe('{[0,120),[600,1080),[9960,10080)}');
    await db
      .update(placeHours)
      .set({ from: null, to: null, wholeDay: true })
      .where(sql`${placeHours.placeId} = ${place.id} and ${placeHours.weekDay} = 1`);
    expect(await openWeekOf(place.id)).toBe('{[0,1440),[9960,10080)}');
    await db.delete(placeHours).where(sql`${placeHours.placeId} = ${place.id}`);
    expect(await openWeekOf(place.id)).toBe('{}');
  });
});
