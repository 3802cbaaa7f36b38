import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { dailyStats } from '@/db/schema';
import { sortStatsItems, statChange } from '@/lib/stats-compare';
import { type StatMeasure, type StatSubject, statMeasures } from '@/lib/stats-measures';
import { insertActor, insertEvent, insertPlace } from '@/test-support/fixtures';
import { companyStats, statsCompanyFor, statsCsv, zeroCounts } from './company-stats';

// Issue 28 point 2: a company's figures over the last 7/30/90 Warsaw days, the previous period, each
// day and each own item, and the CSV of the items.

// 22:30 UTC on 29 March 2026 is already 00:30 on the 30th in Warsaw (summer time since that morning):
// the period ends on the 30th, not on the UTC date.
const now = new Date('2026-03-29T22:30:00Z');

async function count(subject: StatSubject, subjectId: number, day: string, measure: StatMeasure, n: number) {
  await (await getDb()).insert(dailyStats).values({ subject, subjectId, day, measure, count: n });
}

async function company() {
  const actor = await insertActor('company', { companyName: 'Filharmonia Bałtycka' });
  const place = await insertPlace(actor.id, { name: 'Sala główna' });
  const event = await insertEvent(actor.id, place.id);
  return { actor, place, event };
}

describe('companyStats', () => {
  it('takes the last days in Warsaw time, the days before them as the previous period', async () => {
    const { actor, place, event } = await company();
    await count('event', event.id, '2026-03-30', 'view', 5); // today in Warsaw (still the 29th in UTC)
    await count('event', event.id, '2026-03-24', 'view', 2); // the period's first day
    await count('place', place.id, '2026-03-24', 'visitor', 1);
    await count('event', event.id, '2026-03-23', 'view', 4); // the previous period's last day
    await count('event', event.id, '2026-03-17', 'visitor', 3); // the previous period's first day
    await count('event', event.id, '2026-03-16', 'view', 100); // before both
    await count('event', event.id, '2026-03-31', 'view', 100); // tomorrow

    const stats = await companyStats({ companyId: actor.id, days: 7, now });
    expect(stats.company).toEqual({ id: actor.id, name: 'Filharmonia Bałtycka' });
    expect(stats.period).toEqual({ from: '2026-03-24', to: '2026-03-30' });
    expect(stats.previous_period).toEqual({ from: '2026-03-17', to: '2026-03-23' });
    expect(stats.totals.view).toBe(7);
    expect(stats.totals.visitor).toBe(1);
    expect(stats.previous_totals.view).toBe(4);
    expect(stats.previous_totals.visitor).toBe(3);
    expect(statChange(stats.totals.view, stats.previous_totals.view)).toEqual({ kind: 'percent', value: 75 });
    expect(statChange(stats.totals.visitor, stats.previous_totals.visitor)).toEqual({
      kind: 'percent',
      value: -67,
    });
  });

  it('fills every day of the period and every measure with zeros', async () => {
    const { actor, event } = await company();
    await count('event', event.id, '2026-03-27', 'ticket_click', 2);
    const stats = await companyStats({ companyId: actor.id, days: 30, now });
    expect(stats.daily).toHaveLength(30);
    expect(stats.daily[0]?.date).toBe('2026-03-01');
    expect(stats.daily.at(-1)?.date).toBe('2026-03-30');
    // The clocks went forward on the 29th: the day is there once, as every other.
    expect(stats.daily.filter((d) => d.date === '2026-03-29')).toHaveLength(1);
    for (const day of stats.daily) expect(Object.keys(day.counts).sort()).toEqual([...statMeasures].sort());
    expect(stats.daily.find((d) => d.date === '2026-03-27')?.counts.ticket_click).toBe(2);
    expect(stats.daily.reduce((sum, d) => sum + d.counts.ticket_click, 0)).toBe(2);
    expect(stats.daily.find((d) => d.date === '2026-03-26')?.counts).toEqual(zeroCounts());
  });

  it("shows only the company's own events and places, those without figures too", async () => {
    const { actor, place, event } = await company();
    const quiet = await insertEvent(actor.id, place.id);
    const other = await company();
    await count('event', event.id, '2026-03-28', 'share', 3);
    await count('place', place.id, '2026-03-28', 'phone_click', 2);
    await count('event', other.event.id, '2026-03-28', 'share', 50);
    await count('place', other.place.id, '2026-03-28', 'phone_click', 50);
    // An event's number as a place's: the subject keeps them apart (counted only if it is our place's too).
    await count('place', event.id, '2026-03-28', 'view', 9);

    const stats = await companyStats({ companyId: actor.id, days: 7, now });
    expect(stats.totals.share).toBe(3);
    expect(stats.totals.phone_click).toBe(2);
    expect(stats.totals.view).toBe(place.id === event.id ? 9 : 0);
    expect(stats.items.map((i) => `${i.type}:${i.id}`).sort()).toEqual(
      [`event:${event.id}`, `event:${quiet.id}`, `place:${place.id}`].sort(),
    );
    expect(stats.items.find((i) => i.type === 'event' && i.id === event.id)?.counts.share).toBe(3);
    expect(stats.items.find((i) => i.id === quiet.id && i.type === 'event')?.counts).toEqual(zeroCounts());
    expect(stats.items.find((i) => i.type === 'place')?.counts.phone_click).toBe(2);

    const theirs = await companyStats({ companyId: other.actor.id, days: 7, now });
    expect(theirs.totals.share).toBe(50);
  });

  it('is not found for an account that is not a company', async () => {
    const user = await insertActor('user');
    await expect(companyStats({ companyId: user.id, days: 7, now })).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

describe('statsCompanyFor', () => {
  it('lets a company see its own figures and an admin any company, nobody else', async () => {
    const { actor } = await company();
    const admin = await insertActor('admin');
    const user = await insertActor('user');
    expect(statsCompanyFor({ actor })).toBe(actor.id);
    expect(statsCompanyFor({ actor, companyId: actor.id })).toBe(actor.id);
    expect(() => statsCompanyFor({ actor, companyId: actor.id + 1 })).toThrow(
      expect.objectContaining({ code: 'forbidden' }),
    );
    expect(statsCompanyFor({ actor: admin, companyId: actor.id })).toBe(actor.id);
    expect(() => statsCompanyFor({ actor: admin })).toThrow(expect.objectContaining({ code: 'validation' }));
    expect(() => statsCompanyFor({ actor: user })).toThrow(expect.objectContaining({ code: 'forbidden' }));
  });
});

describe('statChange and sortStatsItems', () => {
  it('says "new" from nothing and nothing from nothing to nothing', () => {
    expect(statChange(4, 0)).toEqual({ kind: 'new' });
    expect(statChange(0, 0)).toEqual({ kind: 'none' });
    expect(statChange(0, 5)).toEqual({ kind: 'percent', value: -100 });
    expect(statChange(112, 100)).toEqual({ kind: 'percent', value: 12 });
  });

  it('sorts by a measure, most first, then by name', () => {
    const item = (id: number, name: string, view: number) => ({
      type: 'event' as const,
      id,
      name,
      counts: { ...zeroCounts(), view },
    });
    const sorted = sortStatsItems([item(1, 'B', 1), item(2, 'A', 1), item(3, 'C', 7)], 'view');
    expect(sorted.map((i) => i.id)).toEqual([3, 2, 1]);
  });
});

describe('statsCsv', () => {
  it('writes one row per item and guards every formula-like name', () => {
    const names = [
      '=HYPERLINK("http://x","y")',
      '+1',
      '-2',
      '@SUM(A1)',
      '\tTab',
      '\rCR',
      'Koncert, "na bis"',
    ];
    const csv = statsCsv({
      items: names.map((name, i) => ({
        type: i % 2 ? 'place' : 'event',
        id: i + 1,
        name,
        counts: { ...zeroCounts(), view: i },
      })),
    });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(['type', 'id', 'name', ...statMeasures].join(','));
    const zeros = (view: number) => [view, ...statMeasures.slice(1).map(() => 0)].join(',');
    expect(lines[1]).toBe(`event,1,"'=HYPERLINK(""http://x"",""y"")",${zeros(0)}`);
    expect(lines[2]).toBe(`place,2,'+1,${zeros(1)}`);
    expect(lines[3]).toBe(`event,3,'-2,${zeros(2)}`);
    expect(lines[4]).toBe(`place,4,'@SUM(A1),${zeros(3)}`);
    expect(lines[5]).toBe(`event,5,'\tTab,${zeros(4)}`);
    expect(lines[6]).toBe(`place,6,"'\rCR",${zeros(5)}`);
    expect(lines[7]).toBe(`event,7,"Koncert, ""na bis""",${zeros(6)}`);
    expect(lines[8]).toBe('');
    expect(lines).toHaveLength(9);
  });
});
