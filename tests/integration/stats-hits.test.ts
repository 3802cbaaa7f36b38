import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import * as s from '@/db/schema';
import { resetRateLimits } from '@/server/rate-limit';
import { discardPendingStats, flushStats } from '@/server/stats/counter';
import { forgetSeen } from '@/server/stats/seen';
import { createAccount, createOrganiser, portalOrigin, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

// Issue 28: what pages report (POST /api/stats/hits) and what the API counts itself (.ics downloads,
// feed subscriptions), with the rules that keep one anonymous request from inflating anyone's figures.

setupTestDb();
const api = setupApi();

const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
let organiser: Awaited<ReturnType<typeof createOrganiser>>;
let eventId: number;

/** Each test counts on its own organiser, place and event, so figures start at nothing. */
beforeEach(async () => {
  organiser = await createOrganiser();
  const db = await getDb();
  const [category] = await db.select({ id: s.categories.id }).from(s.categories).limit(1);
  const start = new Date(Date.now() + 3 * 86_400_000);
  const [event] = await db
    .insert(s.events)
    .values({
      userId: organiser.user.id,
      placeId: organiser.placeId,
      categoryId: category!.id,
      name: 'Koncert',
      city: 'Gdańsk',
      startDate: start,
      endDate: new Date(start.getTime() + 7_200_000),
    })
    .returning({ id: s.events.id });
  eventId = event!.id;
});

beforeEach(() => {
  resetRateLimits();
  discardPendingStats();
  forgetSeen();
});

async function figures(subject: 'event' | 'place', id: number): Promise<Record<string, number>> {
  await flushStats();
  const rows = await (await getDb())
    .select()
    .from(s.dailyStats)
    .where(and(eq(s.dailyStats.subject, subject), eq(s.dailyStats.subjectId, id)));
  return Object.fromEntries(rows.map((r) => [r.measure, r.count]));
}

const beacon = (body: unknown, headers: Record<string, string> = {}, address = '198.51.100.20') =>
  api().inject({
    method: 'POST',
    url: '/api/stats/hits',
    headers: { 'content-type': 'application/json', 'user-agent': firefox, ...portalOrigin(), ...headers },
    remoteAddress: address,
    payload: JSON.stringify(body),
  });

describe('POST /api/stats/hits', () => {
  it('takes a page’s impressions and clicks, each once per visitor and day', async () => {
    const hits = [
      { subject: 'event', id: eventId, measure: 'carousel_impression' },
      { subject: 'event', id: eventId, measure: 'carousel_click' },
      { subject: 'place', id: organiser.placeId, measure: 'phone_click' },
    ];
    const cookie = { cookie: 'visitor=CCCCCCCCCCCCCCCCCCCCCC' };
    expect((await beacon({ hits }, cookie)).statusCode).toBe(204);
    expect((await beacon({ hits }, cookie)).statusCode).toBe(204);
    expect((await beacon({ hits }, { cookie: 'visitor=DDDDDDDDDDDDDDDDDDDDDD' })).statusCode).toBe(204);
    expect(await figures('event', eventId)).toEqual({ carousel_impression: 2, carousel_click: 2 });
    expect(await figures('place', organiser.placeId)).toEqual({ phone_click: 2 });
  });

  it('leaves out the owner’s own clicks', async () => {
    const hits = [{ subject: 'event', id: eventId, measure: 'ticket_click' }];
    expect((await beacon({ hits }, { cookie: `token=${organiser.token}` })).statusCode).toBe(204);
    expect((await beacon({ hits }, organiser.auth)).statusCode).toBe(204);
    expect(await figures('event', eventId)).toEqual({});
    // A beacon comes from a page of the portal: without an Origin a request proves nothing.
    const bare = await api().inject({
      method: 'POST',
      url: '/api/stats/hits',
      headers: { 'content-type': 'application/json', 'user-agent': firefox },
      payload: JSON.stringify({ hits }),
    });
    expect(bare.statusCode).toBe(403);
  });

  it('refuses other sites, measures the server counts itself and oversized batches', async () => {
    const hit = { subject: 'event', id: eventId, measure: 'share' };
    expect((await beacon({ hits: [hit] }, { origin: 'https://elsewhere.example' })).statusCode).toBe(403);
    const view = await beacon({ hits: [{ ...hit, measure: 'view' }] });
    expect(view.statusCode).toBe(422);
    expect(view.json().errors).toBeDefined();
    expect((await beacon({ hits: [{ ...hit, subject: 'user' }] })).statusCode).toBe(422);
    expect((await beacon({ hits: Array.from({ length: 25 }, () => hit) })).statusCode).toBe(422);
    expect((await beacon({ hits: [] })).statusCode).toBe(422);
    expect(await figures('event', eventId)).toEqual({});
  });

  it('stops an address that loops at 120 beacons a minute', async () => {
    const hits = [{ subject: 'event', id: eventId, measure: 'list_impression' }];
    const codes: number[] = [];
    for (let i = 0; i < 122; i++) codes.push((await beacon({ hits }, {}, '198.51.100.77')).statusCode);
    expect(codes.slice(0, 120).every((c) => c === 204)).toBe(true);
    expect(codes.slice(120)).toEqual([429, 429]);
    // Without cookies the loop added at most the address's allowance of visitors.
    expect((await figures('event', eventId)).list_impression).toBe(1);
  });
});

describe('what the API counts itself', () => {
  it('an .ics download once per visitor and day, not the owner’s', async () => {
    const ics = (headers: Record<string, string>) =>
      api().inject({ url: `/api/event/${eventId}/ics`, headers: { 'user-agent': firefox, ...headers } });
    const visitor = await createAccount('user');
    expect((await ics(visitor.auth)).statusCode).toBe(200);
    expect((await ics(visitor.auth)).statusCode).toBe(200);
    expect((await ics(organiser.auth)).statusCode).toBe(200);
    expect((await ics({ cookie: 'visitor=EEEEEEEEEEEEEEEEEEEEEE' })).statusCode).toBe(200);
    expect(await figures('event', eventId)).toEqual({ ics_download: 2 });
  });

  it('a place’s feed fetched by a reader as a subscription, once a day', async () => {
    const feed = (userAgent: string, address: string) =>
      api().inject({
        url: `/api/feed/events.ics?place_id=${organiser.placeId}`,
        headers: { 'user-agent': userAgent },
        remoteAddress: address,
      });
    const feedly = 'Feedly/1.0 (+http://www.feedly.com/fetcher.html; 3 subscribers)';
    expect((await feed(feedly, '192.0.2.1')).statusCode).toBe(200);
    expect((await feed(feedly, '192.0.2.1')).statusCode).toBe(200);
    expect((await feed('Google-Calendar-Importer', '192.0.2.2')).statusCode).toBe(200);
    expect(
      (await feed('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', '192.0.2.3'))
        .statusCode,
    ).toBe(200);
    expect(await figures('place', organiser.placeId)).toEqual({ feed_subscribe: 2 });
  });
});
