import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Db, getDb, rowsOf } from '@/db/client';
import { dailyStats } from '@/db/schema';
import { addEventTo, removeEventFrom } from '@/server/events/event-lists';
import { addPlaceFavourite, removePlaceFavourite } from '@/server/favourites/place-favourites';
import { sendMessage } from '@/server/messages/send-message';
import { countPageVisit } from '@/server/visits/record-visit';
import { insertActor, insertEvent, insertPlace, seededPlans } from '@/test-support/fixtures';
import { companyStats } from './company-stats';
import { countHit, countOnce, discardPendingStats, flushStats, StatsBuffer, warsawDay } from './counter';
import { forgetSeen, rememberedInMemory } from './seen';
import { countVisitorHits, type HitSource } from './visitor-hits';

// Issue 28: what is counted, on which Warsaw day, and that batches add up.

const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

beforeEach(() => {
  discardPendingStats();
  forgetSeen();
});

async function pages(values: Parameters<typeof insertActor>[1] = {}) {
  const owner = await insertActor('company', values);
  const place = await insertPlace(owner.id);
  const event = await insertEvent(owner.id, place.id);
  return { owner, placeId: place.id, eventId: event.id };
}

/** daily_stats of one event or place after a flush, as "day measure" → count. */
async function stats(subject: 'event' | 'place', id: number): Promise<Record<string, number>> {
  await flushStats();
  const db = await getDb();
  const rows = await db
    .select()
    .from(dailyStats)
    .where(and(eq(dailyStats.subject, subject), eq(dailyStats.subjectId, id)));
  return Object.fromEntries(rows.map((r) => [`${r.day} ${r.measure}`, r.count]));
}

describe('the day of a hit', () => {
  it('is the Warsaw day, across midnight in winter and in summer', async () => {
    expect(warsawDay(new Date('2031-01-15T22:59:59Z'))).toBe('2031-01-15');
    expect(warsawDay(new Date('2031-01-15T23:00:00Z'))).toBe('2031-01-16');
    expect(warsawDay(new Date('2031-07-15T21:59:59Z'))).toBe('2031-07-15');
    expect(warsawDay(new Date('2031-07-15T22:00:00Z'))).toBe('2031-07-16');

    const { eventId } = await pages();
    countHit({
      subject: 'event',
      id: eventId,
      measure: 'ticket_click',
      now: new Date('2031-01-15T22:30:00Z'),
    });
    countHit({
      subject: 'event',
      id: eventId,
      measure: 'ticket_click',
      now: new Date('2031-01-15T23:30:00Z'),
    });
    countHit({ subject: 'event', id: eventId, measure: 'share', now: new Date('2031-07-15T22:30:00Z') });
    expect(await stats('event', eventId)).toEqual({
      '2031-01-15 ticket_click': 1,
      '2031-01-16 ticket_click': 1,
      '2031-07-16 share': 1,
    });
  });
});

describe('page views', () => {
  const now = new Date('2031-02-10T10:00:00Z');

  it('leaves out crawlers and the owner, and counts a visitor once a day but every view', async () => {
    const { owner, eventId } = await pages();
    const view = (over: Partial<Parameters<typeof countPageVisit>[0]>) =>
      countPageVisit({
        subject: 'event',
        id: eventId,
        userId: null,
        ownerId: owner.id,
        visitorId: 'AAAAAAAAAAAAAAAAAAAAAA',
        address: '203.0.113.9',
        userAgent: firefox,
        now,
        ...over,
      });
    await view({ userAgent: googlebot });
    await view({ userId: owner.id });
    expect(await stats('event', eventId)).toEqual({});

    expect(await view({})).toBe(true);
    expect(await view({})).toBe(false);
    expect(await view({ now: new Date('2031-02-10T22:59:00Z') })).toBe(false);
    expect(await view({ now: new Date('2031-02-10T23:01:00Z') })).toBe(true);
    expect(await stats('event', eventId)).toEqual({
      '2031-02-10 view': 3,
      '2031-02-10 visitor': 1,
      '2031-02-11 view': 1,
      '2031-02-11 visitor': 1,
    });
  });
});

describe('batches', () => {
  it('from two processes add up exactly, also when they write at the same moment', async () => {
    const { eventId, placeId } = await pages();
    const now = new Date('2031-03-03T12:00:00Z');
    const processes = [new StatsBuffer(), new StatsBuffer()];
    let expected = 0;
    for (let round = 0; round < 5; round++) {
      for (const [i, buffer] of processes.entries()) {
        for (let n = 0; n < 200; n++) {
          buffer.add({ subject: 'event', id: eventId, measure: 'share', now });
          buffer.add({ subject: 'place', id: placeId, measure: 'phone_click', now }, i + 1);
        }
      }
      expected += 200;
      await Promise.all(processes.map((buffer) => buffer.flush()));
    }
    expect(processes.map((b) => b.size)).toEqual([0, 0]);
    expect(await stats('event', eventId)).toEqual({ '2031-03-03 share': 2 * expected });
    expect(await stats('place', placeId)).toEqual({ '2031-03-03 phone_click': 3 * expected });
  });

  it('write a row per event, day and measure, move popularity by the visitors and drop unknown ids', async () => {
    const { eventId, placeId } = await pages();
    const now = new Date('2031-03-04T12:00:00Z');
    const buffer = new StatsBuffer();
    for (let n = 0; n < 500; n++) buffer.add({ subject: 'event', id: eventId, measure: 'view', now });
    buffer.add({ subject: 'event', id: eventId, measure: 'visitor', now }, 7);
    buffer.add({ subject: 'place', id: placeId, measure: 'visitor', now }, 2);
    buffer.add({ subject: 'event', id: 999_999_999, measure: 'view', now });
    expect(buffer.size).toBe(4);
    await buffer.flush();
    const db = await getDb();
    const rows = await db.select().from(dailyStats).where(eq(dailyStats.subjectId, 999_999_999));
    expect(rows).toEqual([]);
    expect(await stats('event', eventId)).toEqual({ '2031-03-04 view': 500, '2031-03-04 visitor': 7 });
    const popularity = await db.execute(sql`
      select (select visit_count from events where id = ${eventId}) as e,
             (select visit_count from places where id = ${placeId}) as p`);
    const [row] = rowsOf<{ e: number; p: number }>(popularity);
    expect([Number(row?.e), Number(row?.p)]).toEqual([7, 2]);
  });

  it('keep what a failed write held for the next flush', async () => {
    const { eventId } = await pages();
    const now = new Date('2031-03-05T12:00:00Z');
    const buffer = new StatsBuffer();
    buffer.add({ subject: 'event', id: eventId, measure: 'share', now }, 3);
    const broken = {
      transaction: async () => {
        throw new Error('database away');
      },
    } as unknown as Db;
    await expect(buffer.flush(broken)).rejects.toThrow('database away');
    buffer.add({ subject: 'event', id: eventId, measure: 'share', now }, 2);
    expect(buffer.size).toBe(1);
    await buffer.flush();
    expect(await stats('event', eventId)).toEqual({ '2031-03-05 share': 5 });
  });
});

describe('what people do', () => {
  it('counts favourites and calendar adds and removals when they change something', async () => {
    const { eventId, placeId } = await pages();
    const anna = await insertActor('user');
    await addEventTo({ actor: anna, eventId, kind: 'favourite' });
    await addEventTo({ actor: anna, eventId, kind: 'favourite' });
    await addEventTo({ actor: anna, eventId, kind: 'calendar' });
    await removeEventFrom({ actor: anna, eventId, kind: 'calendar' });
    await removeEventFrom({ actor: anna, eventId, kind: 'calendar' });
    await addPlaceFavourite({ actor: anna, placeId });
    await removePlaceFavourite({ actor: anna, placeId });
    await removePlaceFavourite({ actor: anna, placeId });
    const today = warsawDay(new Date());
    expect(await stats('event', eventId)).toEqual({
      [`${today} favourite_add`]: 1,
      [`${today} calendar_add`]: 1,
      [`${today} calendar_remove`]: 1,
    });
    expect(await stats('place', placeId)).toEqual({
      [`${today} favourite_add`]: 1,
      [`${today} favourite_remove`]: 1,
    });
  });

  it('counts a conversation started from the recipient’s own place, once', async () => {
    const messenger = { premiumSettingId: (await seededPlans()).messengerPlan.id };
    const { owner, placeId, eventId } = await pages(messenger);
    const other = await pages(messenger);
    const anna = await insertActor('user');
    const today = warsawDay(new Date());
    // Someone else's place named in the request is not credited.
    await sendMessage({ actor: anna, input: { user_id: owner.id, message: 'Hej', place_id: other.placeId } });
    expect(await stats('place', other.placeId)).toEqual({});
    // The conversation exists now: a later message from the place page starts nothing.
    await sendMessage({ actor: anna, input: { user_id: owner.id, message: 'Hej', place_id: placeId } });
    expect(await stats('place', placeId)).toEqual({});

    const bartek = await insertActor('user');
    await sendMessage({
      actor: bartek,
      input: { user_id: owner.id, message: 'Dzień dobry', event_id: eventId },
    });
    await sendMessage({
      actor: bartek,
      input: { user_id: owner.id, message: 'Jeszcze raz', event_id: eventId },
    });
    expect(await stats('event', eventId)).toEqual({ [`${today} message`]: 1 });
  });
});

describe('hits a page reports', () => {
  const now = new Date('2031-04-01T12:00:00Z');
  const source = (over: Partial<HitSource> = {}): HitSource => ({
    user: null,
    visitorId: 'BBBBBBBBBBBBBBBBBBBBBB',
    address: '198.51.100.7',
    userAgent: firefox,
    ...over,
  });

  it('count once per visitor and day, never the owner’s own, never a crawler’s', async () => {
    const { owner, eventId, placeId } = await pages();
    const hits = [
      { subject: 'event', id: eventId, measure: 'carousel_impression' },
      { subject: 'place', id: placeId, measure: 'ad_click' },
    ] as const;
    expect(await countVisitorHits(source(), [...hits], { now })).toBe(2);
    expect(await countVisitorHits(source(), [...hits], { now })).toBe(0);
    expect(
      await countVisitorHits(source({ user: { id: owner.id, role: 'company' } }), [...hits], { now }),
    ).toBe(0);
    expect(
      await countVisitorHits(source({ visitorId: null, userAgent: googlebot }), [...hits], { now }),
    ).toBe(0);
    // Another company's account is a visitor like any other.
    const rival = await insertActor('company');
    expect(
      await countVisitorHits(source({ user: { id: rival.id, role: 'company' } }), [...hits], { now }),
    ).toBe(2);
    expect(await stats('event', eventId)).toEqual({ '2031-04-01 carousel_impression': 2 });
    expect(await stats('place', placeId)).toEqual({ '2031-04-01 ad_click': 2 });
  });

  it('hold a script that drops its cookies to the address’s daily allowance', async () => {
    const { eventId } = await pages();
    let counted = 0;
    for (let i = 0; i < 30; i++) {
      counted += await countVisitorHits(
        source({ visitorId: null, userAgent: `${firefox} ${i}` }),
        [{ subject: 'event', id: eventId, measure: 'list_click' }],
        { now },
      );
    }
    expect(counted).toBe(10);
    // Past the allowance nothing is remembered either: the memory of first times holds the ten, so a
    // loop cannot fill it up and stop everyone else's first visit from counting.
    expect(rememberedInMemory()).toBe(10);
    // A feed reader is not a crawler for a feed, a search engine is.
    const reader = source({ visitorId: null, userAgent: 'Feedly/1.0 (+http://www.feedly.com/fetcher.html)' });
    const feed = [{ subject: 'event', id: eventId, measure: 'feed_subscribe' }] as const;
    expect(await countVisitorHits(reader, [...feed], { now })).toBe(0);
    expect(await countVisitorHits(reader, [...feed], { now, readers: true })).toBe(1);
    expect(await countVisitorHits(source({ userAgent: googlebot }), [...feed], { now, readers: true })).toBe(
      0,
    );
  });

  it('remember at most 3,000 first times an address a day over all ids', async () => {
    const at = new Date('2031-05-06T12:00:00Z');
    const hitOn = (id: number, visitor: string, address: string) =>
      countOnce({ subject: 'event', id, measure: 'list_impression', visitor, address, now: at });
    let counted = 0;
    for (let id = 1; id <= 3100; id++) if (await hitOn(id, 'cloop', '203.0.113.9')) counted++;
    expect(counted).toBe(3000);
    expect(rememberedInMemory()).toBe(3000);
    // Everyone else is counted as before.
    expect(await hitOn(1, 'cother', '203.0.113.10')).toBe(true);
    discardPendingStats();
  });

  it('once per visitor and day also through countOnce directly', async () => {
    const { eventId } = await pages();
    const once = (visitor: string, at: Date) =>
      countOnce({ subject: 'event', id: eventId, measure: 'ics_download', visitor, now: at });
    expect(await once('u1', now)).toBe(true);
    expect(await once('u1', now)).toBe(false);
    expect(await once('u2', now)).toBe(true);
    expect(await once('u1', new Date('2031-04-02T12:00:00Z'))).toBe(true);
    expect(await stats('event', eventId)).toEqual({
      '2031-04-01 ics_download': 2,
      '2031-04-02 ics_download': 1,
    });
  });
});

describe('reading the figures', () => {
  it('includes what this process counted and has not written yet', async () => {
    const { owner, eventId } = await pages();
    countHit({ subject: 'event', id: eventId, measure: 'ticket_click' }, 3);
    const figures = await companyStats({ companyId: owner.id, days: 7 });
    expect(figures.totals.ticket_click).toBe(3);
    expect(figures.items.find((i) => i.type === 'event' && i.id === eventId)?.counts.ticket_click).toBe(3);
  });
});
