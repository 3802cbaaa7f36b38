import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { dailyStats, events, places } from '@/db/schema';
import { flushStats } from '@/server/stats/counter';
import { insertActor, insertEvent, insertPlace } from '@/test-support/fixtures';
import { anonymousVisitorsPerAddress, countPageVisit, isCrawler, recordVisit } from './record-visit';

// DESIGN.md: popularity is visit_count, counted once per visitor per (Warsaw, issue 28) day on the detail
// pages; the visitor is the account, else the visitor cookie; crawlers are not visitors, and one address
// adds at most `anonymousVisitorsPerAddress` cookie visitors per page and day. Issue 28: the views and
// visitors land in daily_stats, which keeps counts only, never who.

const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const cookie = (n: number) => `visitor${String(n).padStart(15, '0')}`;

/** A fresh place and an event at it, so that each test counts from zero. */
async function pages() {
  const owner = await insertActor('company');
  const place = await insertPlace(owner.id);
  const event = await insertEvent(owner.id, place.id);
  return { placeId: place.id, eventId: event.id };
}

async function visitCount(subject: 'event' | 'place', id: number) {
  await flushStats();
  const db = await getDb();
  const table = subject === 'event' ? events : places;
  const [row] = await db.select({ n: table.visitCount }).from(table).where(eq(table.id, id));
  return row?.n;
}

/** What daily_stats holds for a page: counts per day and measure. */
async function statRows(subject: 'event' | 'place', id: number) {
  await flushStats();
  const db = await getDb();
  return db
    .select({ day: dailyStats.day, measure: dailyStats.measure, count: dailyStats.count })
    .from(dailyStats)
    .where(and(eq(dailyStats.subject, subject), eq(dailyStats.subjectId, id)))
    .orderBy(dailyStats.day, dailyStats.measure);
}

describe('isCrawler', () => {
  it('tells crawlers, scripted browsers and tools from people', () => {
    for (const ua of [googlebot, 'Twitterbot/1.0', 'ExampleSpider/2.0', 'HeadlessChrome/120.0', '', '  ']) {
      expect(isCrawler(ua), ua).toBe(true);
    }
    for (const ua of [
      firefox,
      'Mozilla/5.0 (Linux; Android 12; CUBOT P80) Chrome/126.0 Mobile Safari/537.36',
    ]) {
      expect(isCrawler(ua), ua).toBe(false);
    }
  });
});

describe('recordVisit', () => {
  it('counts a visitor once per page and day', async () => {
    const { placeId, eventId } = await pages();
    const day1 = new Date('2031-03-01T09:00:00Z');
    // Warsaw days (UTC+1 in March): 23:59 and 00:01 there.
    const laterDay1 = new Date('2031-03-01T22:59:00Z');
    const day2 = new Date('2031-03-01T23:01:00Z');
    expect(await recordVisit({ subject: 'place', id: placeId, visitor: 'u1', now: day1 })).toBe(true);
    expect(await recordVisit({ subject: 'place', id: placeId, visitor: 'u1', now: laterDay1 })).toBe(false);
    expect(await visitCount('place', placeId)).toBe(1);
    // Another day, another visitor, another page: each counts.
    expect(await recordVisit({ subject: 'place', id: placeId, visitor: 'u1', now: day2 })).toBe(true);
    expect(await recordVisit({ subject: 'place', id: placeId, visitor: 'u2', now: day1 })).toBe(true);
    expect(await recordVisit({ subject: 'event', id: eventId, visitor: 'u1', now: day1 })).toBe(true);
    expect(await visitCount('place', placeId)).toBe(3);
    expect(await visitCount('event', eventId)).toBe(1);
    expect(await statRows('place', placeId)).toEqual([
      { day: '2031-03-01', measure: 'visitor', count: 2 },
      { day: '2031-03-02', measure: 'visitor', count: 1 },
    ]);
  });
});

describe('countPageVisit', () => {
  const now = new Date('2031-04-01T12:00:00Z');

  it('counts a signed-in person as the account, whatever cookie and address they come with', async () => {
    const { eventId } = await pages();
    const views = Array.from({ length: 5 }, (_, i) =>
      countPageVisit({
        subject: 'event',
        id: eventId,
        userId: 42,
        visitorId: cookie(i),
        address: `198.51.100.${i}`,
        userAgent: firefox,
        now,
      }),
    );
    expect((await Promise.all(views)).filter(Boolean)).toHaveLength(1);
    expect(await visitCount('event', eventId)).toBe(1);
    expect(await statRows('event', eventId)).toEqual([
      { day: '2031-04-01', measure: 'view', count: 5 },
      { day: '2031-04-01', measure: 'visitor', count: 1 },
    ]);
  });

  it('counts an anonymous visitor by the visitor cookie', async () => {
    const { placeId } = await pages();
    const view = () =>
      countPageVisit({
        subject: 'place',
        id: placeId,
        userId: null,
        visitorId: cookie(1),
        address: '203.0.113.1',
        userAgent: firefox,
        now,
      });
    expect(await view()).toBe(true);
    expect(await view()).toBe(false);
    expect(await visitCount('place', placeId)).toBe(1);
    expect(await statRows('place', placeId)).toEqual([
      { day: '2031-04-01', measure: 'view', count: 2 },
      { day: '2031-04-01', measure: 'visitor', count: 1 },
    ]);
  });

  it('does not count crawlers, nor a visitor for a request with neither account nor cookie', async () => {
    const { placeId } = await pages();
    const view = (userId: number | null, visitorId: string | null, userAgent: string) =>
      countPageVisit({
        subject: 'place',
        id: placeId,
        userId,
        visitorId,
        address: '203.0.113.2',
        userAgent,
        now,
      });
    expect(await view(null, cookie(2), googlebot)).toBe(false);
    expect(await view(7, null, googlebot)).toBe(false);
    expect(await view(7, null, '')).toBe(false);
    expect(await visitCount('place', placeId)).toBe(0);
    expect(await statRows('place', placeId)).toEqual([]);
    // Without account or cookie a person's view is a view, but nobody to count once.
    expect(await view(null, null, firefox)).toBe(false);
    expect(await visitCount('place', placeId)).toBe(0);
    expect(await statRows('place', placeId)).toEqual([{ day: '2031-04-01', measure: 'view', count: 1 }]);
  });

  it('counts at most anonymousVisitorsPerAddress cookie visitors per address, page and day', async () => {
    const { placeId, eventId } = await pages();
    const view = (n: number, over: { address?: string; id?: number; now?: Date; userId?: number } = {}) =>
      countPageVisit({
        subject: 'place',
        id: over.id ?? placeId,
        userId: over.userId ?? null,
        visitorId: cookie(n),
        address: over.address ?? '203.0.113.3',
        userAgent: firefox,
        now: over.now ?? now,
      });
    const counted = [];
    for (let n = 0; n < anonymousVisitorsPerAddress + 5; n++) counted.push(await view(n));
    expect(counted.filter(Boolean)).toHaveLength(anonymousVisitorsPerAddress);
    expect(counted.slice(anonymousVisitorsPerAddress)).toEqual([false, false, false, false, false]);
    expect(await visitCount('place', placeId)).toBe(anonymousVisitorsPerAddress);
    expect(await statRows('place', placeId)).toContainEqual({
      day: '2031-04-01',
      measure: 'visitor',
      count: anonymousVisitorsPerAddress,
    });

    // Another address, another page, another day and a signed-in person are not held by that cap.
    expect(await view(100, { address: '203.0.113.4' })).toBe(true);
    expect(await view(101, { now: new Date('2031-04-02T12:00:00Z') })).toBe(true);
    expect(await view(102, { userId: 43 })).toBe(true);
    expect(await visitCount('place', placeId)).toBe(anonymousVisitorsPerAddress + 3);
    expect(
      await countPageVisit({
        subject: 'event',
        id: eventId,
        userId: null,
        visitorId: cookie(103),
        address: '203.0.113.3',
        userAgent: firefox,
        now,
      }),
    ).toBe(true);
  });

  it('does not spend the address allowance on a visitor who comes back', async () => {
    const { placeId } = await pages();
    const view = (n: number) =>
      countPageVisit({
        subject: 'place',
        id: placeId,
        userId: null,
        visitorId: cookie(n),
        address: '203.0.113.5',
        userAgent: firefox,
        now,
      });
    for (let i = 0; i < 3 * anonymousVisitorsPerAddress; i++) await view(0);
    const others = [];
    for (let n = 1; n <= anonymousVisitorsPerAddress; n++) others.push(await view(n));
    expect(others.filter(Boolean)).toHaveLength(anonymousVisitorsPerAddress - 1);
    expect(others.at(-1)).toBe(false);
    expect(await visitCount('place', placeId)).toBe(anonymousVisitorsPerAddress);
  });
});
