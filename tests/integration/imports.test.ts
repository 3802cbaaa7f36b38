import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, buildApi } from '@/api/app';
import { getDb } from '@/db/client';
import * as s from '@/db/schema';
import { formatDateTime } from '@/lib/format';
import { claimDueImports, runDueImports } from '@/server/imports/import-job';
import { parseFeed } from '@/server/imports/parse-ics';
import { runImport } from '@/server/imports/run-import';
import { checkFeedUrl, FeedFetchError, fetchFeed, isPublicAddress } from '@/server/imports/safe-fetch';
import { resetRateLimits } from '@/server/rate-limit';
import { createAccount, createOrganiser } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

setupTestDb();

// The feed server runs on 127.0.0.1: only these tests let that one address through; every refusal
// below is checked with the real rule.
const localOnly = (address: string) => address === '127.0.0.1' || isPublicAddress(address);
const testFetch = { isAllowedAddress: localOnly };

const feeds = new Map<string, { status?: number; type?: string; body: string | Buffer; location?: string }>();
let server: http.Server;
let base: string;
let open: Api;
let strict: Api;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const feed = feeds.get(req.url ?? '');
    if (!feed) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(feed.status ?? 200, {
      'content-type': feed.type ?? 'text/calendar; charset=utf-8',
      ...(feed.location ? { location: feed.location } : {}),
    });
    res.end(feed.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  open = await buildApi({ logger: false, imports: { fetch: testFetch } });
  strict = await buildApi({ logger: false });
  await Promise.all([open.ready(), strict.ready()]);
});

afterAll(async () => {
  await Promise.all([open?.close(), strict?.close()]);
  await new Promise((resolve) => server?.close(resolve));
});

interface Vevent {
  uid: string;
  summary?: string;
  start?: string;
  end?: string;
  extra?: string[];
}

function ics(events: Vevent[]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//imports//EN'];
  for (const e of events) {
    lines.push('BEGIN:VEVENT', `UID:${e.uid}`, 'DTSTAMP:20261101T000000Z');
    if (e.summary !== undefined) lines.push(`SUMMARY:${e.summary}`);
    lines.push(`DTSTART:${e.start ?? '20270115T180000Z'}`, `DTEND:${e.end ?? '20270115T200000Z'}`);
    lines.push(...(e.extra ?? []), 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

let feedCounter = 0;
function serve(body: string | Buffer, options: { status?: number; type?: string; location?: string } = {}) {
  const path = `/feed-${++feedCounter}.ics`;
  feeds.set(path, { body, ...options });
  return { path, url: `${base}${path}` };
}

async function eventsLeft(userId: number) {
  const db = await getDb();
  const [row] = await db.select({ left: s.users.eventsLeft }).from(s.users).where(eq(s.users.id, userId));
  return row?.left;
}

async function importedEvents(importId: number) {
  const db = await getDb();
  return db.select().from(s.events).where(eq(s.events.importId, importId)).orderBy(s.events.importUid);
}

async function create(
  app: Api,
  who: { auth: Record<string, string>; placeId: number },
  body: Record<string, string>,
) {
  return app.inject({
    method: 'POST',
    url: `/api/place/${who.placeId}/imports`,
    headers: who.auth,
    payload: { category_id: '1', ...body },
  });
}

describe('calendar import', () => {
  it('creates events taking one creation each, then updates them by UID without taking any', async () => {
    const company = await createOrganiser({ eventsLeft: 5 });
    const feed = serve(
      ics([
        { uid: 'a@test', summary: 'Koncert A', extra: ['DESCRIPTION:<b>Walce</b><script>x()</script>'] },
        { uid: 'b@test', summary: 'Koncert B', extra: ['URL:https://bilety.example.com/b'] },
      ]),
    );
    const answer = await create(open, company, { url: feed.url });
    expect(answer.statusCode).toBe(200);
    const { id, summary } = answer.json().data;
    expect(summary).toMatchObject({ status: 'ok', created: 2, updated: 0, skipped: 0, failed: 0 });
    expect(await eventsLeft(company.user.id)).toBe(3);
    const [a, b] = await importedEvents(id);
    expect(a).toMatchObject({ name: 'Koncert A', placeId: company.placeId, categoryId: 1 });
    expect(a?.description).not.toContain('script');
    expect(a?.startDate.toISOString()).toBe('2027-01-15T18:00:00.000Z');
    expect(b?.buyTicketUrl).toBe('https://bilety.example.com/b');

    const fan = await createAccount('user');
    const db = await getDb();
    await db.insert(s.eventFavourites).values({ userId: fan.user.id, eventId: a!.id });
    feeds.set(feed.path, {
      body: ics([
        {
          uid: 'a@test',
          summary: 'Koncert A (nowa godzina)',
          start: '20270115T190000Z',
          end: '20270115T210000Z',
        },
        { uid: 'b@test', summary: 'Koncert B' },
      ]),
    });
    const run = await open.inject({ method: 'POST', url: `/api/imports/${id}/run`, headers: company.auth });
    expect(run.statusCode).toBe(200);
    expect(run.json().data).toMatchObject({ created: 0, updated: 2 });
    expect(await eventsLeft(company.user.id)).toBe(3);
    const [a2] = await importedEvents(id);
    expect(a2?.id).toBe(a?.id);
    expect(a2?.name).toBe('Koncert A (nowa godzina)');
    expect(a2?.startDate.toISOString()).toBe('2027-01-15T19:00:00.000Z');
    // Followers hear of the change as after an edit in the form.
    const told = await db
      .select()
      .from(s.notifications)
      .where(and(eq(s.notifications.userId, fan.user.id), eq(s.notifications.type, 'event_changed')));
    expect(told).toHaveLength(1);

    // The hourly run of an unchanged calendar changes nothing, tells nobody, and keeps what the company
    // set in the form that the calendar does not say (here a price).
    await db.update(s.events).set({ priceMin: 4_000, priceMax: 6_000 }).where(eq(s.events.id, a!.id));
    const again = await open.inject({ method: 'POST', url: `/api/imports/${id}/run`, headers: company.auth });
    expect(again.json().data).toMatchObject({ created: 0, updated: 0 });
    expect(again.json().data.report.map((r: { outcome: string }) => r.outcome)).toEqual([
      'unchanged',
      'unchanged',
    ]);
    const [a3] = await importedEvents(id);
    expect(a3).toMatchObject({ name: 'Koncert A (nowa godzina)', priceMin: 4_000, priceMax: 6_000 });
    const toldAgain = await db
      .select()
      .from(s.notifications)
      .where(and(eq(s.notifications.userId, fan.user.id), eq(s.notifications.type, 'event_changed')));
    expect(toldAgain).toHaveLength(1);
  });

  it('skips the remaining new events when the creations run out, and still applies updates', async () => {
    const company = await createOrganiser({ eventsLeft: 1 });
    const feed = serve(ics([{ uid: 'one' }].map((e) => ({ ...e, summary: 'Pierwsze' }))));
    const first = (await create(open, company, { url: feed.url })).json().data;
    expect(first.summary.created).toBe(1);
    feeds.set(feed.path, {
      body: ics([
        { uid: 'one', summary: 'Pierwsze, zmienione' },
        { uid: 'two', summary: 'Drugie' },
        { uid: 'three', summary: 'Trzecie' },
      ]),
    });
    const run = (
      await open.inject({ method: 'POST', url: `/api/imports/${first.id}/run`, headers: company.auth })
    ).json().data;
    expect(run).toMatchObject({ created: 0, updated: 1, skipped: 2 });
    expect(
      run.report.filter((r: { reason?: string }) => r.reason === 'import.reason.no_creations_left'),
    ).toHaveLength(2);
    expect((await importedEvents(first.id)).map((e) => e.name)).toEqual(['Pierwsze, zmienione']);
    expect(await eventsLeft(company.user.id)).toBe(0);
  });

  it('skips unsupported rules, past and invalid events with their reasons, and reports events gone from the feed', async () => {
    const company = await createOrganiser({ eventsLeft: 10 });
    const feed = serve(
      ics([
        { uid: 'yearly', summary: 'Rocznica', extra: ['RRULE:FREQ=YEARLY;COUNT=5'] },
        { uid: 'past', summary: 'Dawno', start: '20200101T180000Z', end: '20200101T200000Z' },
        { uid: 'noname' },
        { uid: 'backwards', summary: 'Wstecz', start: '20270301T200000Z', end: '20270301T180000Z' },
        { uid: 'good', summary: 'Dobre' },
      ]),
    );
    const { id, summary } = (await create(open, company, { url: feed.url })).json().data;
    const byUid = Object.fromEntries(summary.report.map((r: { uid: string }) => [r.uid, r]));
    expect(byUid.yearly).toMatchObject({ outcome: 'skipped', reason: 'import.reason.unsupported_rule' });
    expect(byUid.past).toMatchObject({ outcome: 'skipped', reason: 'import.reason.already_over' });
    expect(byUid.noname).toMatchObject({ outcome: 'failed', fields: { name: expect.any(String) } });
    expect(byUid.backwards).toMatchObject({
      outcome: 'failed',
      fields: { end_date: 'validation.end_after_start' },
    });
    expect(byUid.good).toMatchObject({ outcome: 'created' });
    expect(await eventsLeft(company.user.id)).toBe(9);

    feeds.set(feed.path, { body: ics([]) });
    const run = (
      await open.inject({ method: 'POST', url: `/api/imports/${id}/run`, headers: company.auth })
    ).json().data;
    expect(run.report).toEqual([expect.objectContaining({ uid: 'good', outcome: 'missing' })]);
    expect(await importedEvents(id)).toHaveLength(1);

    const listed = await open.inject({
      method: 'GET',
      url: `/api/place/${company.placeId}/imports`,
      headers: company.auth,
    });
    expect(listed.json().data[0]).toMatchObject({ id, lastStatus: 'ok', skipped: 1 });
  });

  it('removes an imported event the feed cancels, telling its followers', async () => {
    const company = await createOrganiser({ eventsLeft: 10 });
    const feed = serve(ics([{ uid: 'c1', summary: 'Odwołane później' }]));
    const { id } = (await create(open, company, { url: feed.url })).json().data;
    const [event] = await importedEvents(id);
    const fan = await createAccount('user');
    const db = await getDb();
    await db.insert(s.eventFavourites).values({ userId: fan.user.id, eventId: event!.id });
    feeds.set(feed.path, {
      body: ics([{ uid: 'c1', summary: 'Odwołane później', extra: ['STATUS:CANCELLED'] }]),
    });
    const run = (
      await open.inject({ method: 'POST', url: `/api/imports/${id}/run`, headers: company.auth })
    ).json().data;
    expect(run.report[0]).toMatchObject({ outcome: 'removed' });
    expect(await importedEvents(id)).toHaveLength(0);
    const told = await db
      .select()
      .from(s.notifications)
      .where(and(eq(s.notifications.userId, fan.user.id), eq(s.notifications.type, 'event_removed')));
    expect(told).toHaveLength(1);
  });

  it('reports a broken feed (500, HTML, over 2 MB) and changes nothing', async () => {
    const company = await createOrganiser({ eventsLeft: 10 });
    const feed = serve(ics([{ uid: 'keep', summary: 'Zostaje' }]));
    const { id } = (await create(open, company, { url: feed.url })).json().data;
    const before = await importedEvents(id);
    const big = Buffer.alloc(3 * 1024 * 1024, 'A');
    for (const [broken, status] of [
      [{ status: 500, body: 'oops' }, 'import.status.http_error'],
      [{ type: 'text/html', body: '<html></html>' }, 'import.status.not_calendar'],
      [{ type: 'text/plain', body: 'hello, not a calendar' }, 'import.status.not_calendar'],
      [{ body: big }, 'import.status.too_big'],
    ] as const) {
      feeds.set(feed.path, broken);
      const run = (
        await open.inject({ method: 'POST', url: `/api/imports/${id}/run`, headers: company.auth })
      ).json().data;
      expect(run.status).toBe(status);
      expect(await importedEvents(id)).toEqual(before);
      const listed = await open.inject({
        method: 'GET',
        url: `/api/place/${company.placeId}/imports`,
        headers: company.auth,
      });
      expect(listed.json().data[0].lastStatus).toBe(status);
    }
    expect(await eventsLeft(company.user.id)).toBe(9);
  });

  it('imports an uploaded .ics file', async () => {
    const company = await createOrganiser({ eventsLeft: 10 });
    const boundary = 'b0undary';
    const file = ics([{ uid: 'f1', summary: 'Z pliku' }]);
    const payload = [
      `--${boundary}\r\nContent-Disposition: form-data; name="category_id"\r\n\r\n1\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="k.ics"\r\nContent-Type: text/calendar\r\n\r\n${file}\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const answer = await strict.inject({
      method: 'POST',
      url: `/api/place/${company.placeId}/imports`,
      headers: { ...company.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.summary).toMatchObject({ created: 1 });
  });

  it('refuses unsafe URLs with a field error on url in the user language', async () => {
    const company = await createOrganiser({ eventsLeft: 10 });
    for (const url of [
      'ftp://example.com/a.ics',
      'http://localhost/a.ics',
      'http://127.0.0.1/a.ics',
      'http://10.1.2.3/a.ics',
      'http://192.168.1.1/a.ics',
      'http://[::1]/a.ics',
      'http://[::ffff:127.0.0.1]/a.ics',
      `${base}/a.ics`,
    ]) {
      const answer = await create(strict, company, { url });
      expect(answer.statusCode, url).toBe(422);
      expect(Object.keys(answer.json().errors), url).toEqual(['url']);
    }
    const polish = await strict.inject({
      method: 'POST',
      url: `/api/place/${company.placeId}/imports`,
      headers: { ...company.auth, 'accept-language': 'pl' },
      payload: { category_id: '1', url: 'http://10.0.0.1/x.ics' },
    });
    expect(polish.json().errors.url[0]).toContain('sieć prywatną');
    const db = await getDb();
    expect(
      await db.select().from(s.eventImports).where(eq(s.eventImports.placeId, company.placeId)),
    ).toHaveLength(0);
  });

  it('refuses with the real rule in the fetcher itself, and a redirect to a private address', async () => {
    for (const url of [
      'http://localhost/x',
      'http://127.0.0.1/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://0.0.0.0/x',
    ]) {
      await expect(checkFeedUrl(url), url).rejects.toMatchObject({ reason: 'unsafe_address' });
      await expect(fetchFeed(url), url).rejects.toBeInstanceOf(FeedFetchError);
    }
    await expect(checkFeedUrl('file:///etc/passwd')).rejects.toMatchObject({ reason: 'bad_url' });
    expect(isPublicAddress('::ffff:10.0.0.1')).toBe(false);
    expect(isPublicAddress('fe80::1')).toBe(false);
    expect(isPublicAddress('fd00::1')).toBe(false);
    expect(isPublicAddress('ff02::1')).toBe(false);
    expect(isPublicAddress('169.254.169.254')).toBe(false);
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2a00:1450:4001:80b::200e')).toBe(true);

    const target = serve(ics([{ uid: 'r', summary: 'R' }]));
    const toPrivate = serve('', { status: 302, location: 'http://10.0.0.1/feed.ics' });
    await expect(fetchFeed(toPrivate.url, testFetch)).rejects.toMatchObject({ reason: 'unsafe_address' });
    const toLoopback = serve('', { status: 302, location: 'http://[::1]/feed.ics' });
    await expect(fetchFeed(toLoopback.url, testFetch)).rejects.toMatchObject({ reason: 'unsafe_address' });
    // Followed redirects are fine as long as each hop passes, up to three.
    let hop = target.url;
    for (let i = 0; i < 3; i++) hop = serve('', { status: 301, location: hop }).url;
    await expect(fetchFeed(hop, testFetch)).resolves.toContain('BEGIN:VCALENDAR');
    hop = serve('', { status: 301, location: hop }).url;
    await expect(fetchFeed(hop, testFetch)).rejects.toMatchObject({ reason: 'too_many_redirects' });
  });

  it('lets no other company list, run or delete an import', async () => {
    resetRateLimits();
    const owner = await createOrganiser({ eventsLeft: 10 });
    const other = await createOrganiser({ eventsLeft: 10 });
    const { id } = (await create(open, owner, { url: serve(ics([{ uid: 'x', summary: 'X' }])).url })).json()
      .data;
    const asOther = other.auth;
    expect(
      (await open.inject({ method: 'POST', url: `/api/imports/${id}/run`, headers: asOther })).statusCode,
    ).toBe(404);
    expect(
      (await open.inject({ method: 'DELETE', url: `/api/imports/${id}`, headers: asOther })).statusCode,
    ).toBe(404);
    expect(
      (await open.inject({ method: 'GET', url: `/api/place/${owner.placeId}/imports`, headers: asOther }))
        .statusCode,
    ).toBe(404);
    expect(
      (await create(open, { auth: asOther, placeId: owner.placeId }, { url: 'http://example.com/a.ics' }))
        .statusCode,
    ).toBe(404);
    const attendee = await createAccount('user');
    expect(
      (await open.inject({ method: 'POST', url: `/api/imports/${id}/run`, headers: attendee.auth }))
        .statusCode,
    ).toBe(403);
    // The owner deletes the import; its events stay.
    expect(
      (await open.inject({ method: 'DELETE', url: `/api/imports/${id}`, headers: owner.auth })).statusCode,
    ).toBe(204);
    const db = await getDb();
    expect(await db.select().from(s.events).where(eq(s.events.placeId, owner.placeId))).toHaveLength(1);
  });

  it('limits runs per company: adding a source reads it at once, so it counts as one', async () => {
    resetRateLimits();
    const company = await createOrganiser({ eventsLeft: 10 });
    const { id } = (await create(open, company, { url: serve(ics([])).url })).json().data;
    const codes: number[] = [];
    for (let i = 0; i < 10; i++)
      codes.push(
        (await open.inject({ method: 'POST', url: `/api/imports/${id}/run`, headers: company.auth }))
          .statusCode,
      );
    expect(codes.slice(0, 9).every((c) => c === 200)).toBe(true);
    expect(codes[9]).toBe(429);
    // Nor can it add sources instead: each would fetch a URL.
    expect((await create(open, company, { url: serve(ics([])).url })).statusCode).toBe(429);
  });

  it('the job claims a due source once when two runs race', async () => {
    const company = await createOrganiser({ eventsLeft: 10 });
    const feed = serve(ics([{ uid: 'job-1', summary: 'Z zadania' }]));
    const { id } = (await create(open, company, { url: feed.url })).json().data;
    const db = await getDb();
    // Other files' imports must not be due for this test: only this one is.
    await db.update(s.eventImports).set({ nextRunAt: new Date(Date.now() + 3_600_000) });
    await db
      .update(s.eventImports)
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(s.eventImports.id, id));
    const [one, two] = await Promise.all([
      runDueImports({ fetch: testFetch }),
      runDueImports({ fetch: testFetch }),
    ]);
    expect([...one.ran, ...two.ran]).toEqual([id]);
    expect(await claimDueImports()).toEqual([]);
    const [row] = await db.select().from(s.eventImports).where(eq(s.eventImports.id, id));
    expect(row?.nextRunAt?.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    // Read again by the job: the calendar did not change, so neither did its event.
    expect(row?.report.map((r) => r.outcome)).toEqual(['unchanged']);
    expect(row?.updatedCount).toBe(0);
  });
});

describe('calendar import of a series', () => {
  // Saturdays at 19:00 Warsaw time from 6 March 2027, across the change to summer time on 28 March.
  // UNTIL is in UTC as RFC 5545 asks beside a TZID: 17:00Z on 17 April is 19:00 summer time.
  const warsaw = (prop: string, value: string) => `${prop};TZID=Europe/Warsaw:${value}`;
  function seriesFeed({ exdates = ['20270313T190000'], rule = true } = {}): string {
    const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//imports//EN'];
    lines.push(
      'BEGIN:VEVENT',
      'UID:quiz@test',
      'DTSTAMP:20261101T000000Z',
      'SUMMARY:Quiz w sobotę',
      warsaw('DTSTART', '20270306T190000'),
      warsaw('DTEND', '20270306T210000'),
      ...(rule
        ? ['RRULE:FREQ=WEEKLY;BYDAY=SA;UNTIL=20270417T170000Z', warsaw('EXDATE', exdates.join(','))]
        : []),
      'END:VEVENT',
    );
    // 20 March is held on Sunday 21 March at 18:00.
    if (rule)
      lines.push(
        'BEGIN:VEVENT',
        'UID:quiz@test',
        'DTSTAMP:20261101T000000Z',
        'SUMMARY:Quiz w sobotę',
        warsaw('RECURRENCE-ID', '20270320T190000'),
        warsaw('DTSTART', '20270321T180000'),
        warsaw('DTEND', '20270321T200000'),
        'END:VEVENT',
      );
    lines.push('END:VCALENDAR');
    return `${lines.join('\r\n')}\r\n`;
  }

  async function occurrencesOf(eventId: number) {
    const db = await getDb();
    return db
      .select()
      .from(s.eventOccurrences)
      .where(eq(s.eventOccurrences.eventId, eventId))
      .orderBy(s.eventOccurrences.startDate);
  }

  async function run(importId: number, auth: Record<string, string>) {
    return (await open.inject({ method: 'POST', url: `/api/imports/${importId}/run`, headers: auth })).json()
      .data;
  }

  it('imports a weekly series with an EXDATE and a moved date as one event, taking one creation', async () => {
    resetRateLimits();
    const company = await createOrganiser({ eventsLeft: 5 });
    const feed = serve(seriesFeed());
    const { id, summary } = (await create(open, company, { url: feed.url })).json().data;
    expect(summary).toMatchObject({ status: 'ok', created: 1, skipped: 0, failed: 0 });
    expect(summary.report).toEqual([expect.objectContaining({ uid: 'quiz@test', outcome: 'created' })]);
    expect(await eventsLeft(company.user.id)).toBe(4);
    const [event, ...others] = await importedEvents(id);
    expect(others).toEqual([]);
    expect(event).toMatchObject({
      repeatRule: 'FREQ=WEEKLY;BYDAY=SA;UNTIL=20270417T190000',
      seriesStart: new Date('2027-03-06T18:00:00Z'),
      seriesEnd: new Date('2027-03-06T20:00:00Z'),
      startDate: new Date('2027-03-06T18:00:00Z'),
    });
    const dates = await occurrencesOf(event!.id);
    expect(dates.map((d) => [formatDateTime(d.originalStart), formatDateTime(d.startDate)])).toEqual([
      ['06.03.2027 19:00', '06.03.2027 19:00'],
      ['20.03.2027 19:00', '21.03.2027 18:00'],
      ['27.03.2027 19:00', '27.03.2027 19:00'],
      ['03.04.2027 19:00', '03.04.2027 19:00'],
      ['10.04.2027 19:00', '10.04.2027 19:00'],
      ['17.04.2027 19:00', '17.04.2027 19:00'],
    ]);
    // 19:00 is 18:00 UTC in winter and 17:00 UTC in summer time; the cancelled 13 March is not held.
    expect(dates[2]?.startDate.toISOString()).toBe('2027-03-27T18:00:00.000Z');
    expect(dates[3]?.startDate.toISOString()).toBe('2027-04-03T17:00:00.000Z');
    expect(dates[5]?.endDate.toISOString()).toBe('2027-04-17T19:00:00.000Z');

    // Read again unchanged: nothing is written and nobody is told.
    const fan = await createAccount('user');
    const db = await getDb();
    await db.insert(s.eventFavourites).values({ userId: fan.user.id, eventId: event!.id });
    const again = await run(id, company.auth);
    expect(again).toMatchObject({ created: 0, updated: 0 });
    expect(again.report.map((r: { outcome: string }) => r.outcome)).toEqual(['unchanged']);

    // One more EXDATE: the date goes, and those who follow the event hear which one.
    feeds.set(feed.path, { body: seriesFeed({ exdates: ['20270313T190000', '20270410T190000'] }) });
    const cancelled = await run(id, company.auth);
    expect(cancelled.report.map((r: { outcome: string }) => r.outcome)).toEqual(['updated']);
    expect((await occurrencesOf(event!.id)).map((d) => formatDateTime(d.startDate))).toEqual([
      '06.03.2027 19:00',
      '21.03.2027 18:00',
      '27.03.2027 19:00',
      '03.04.2027 19:00',
      '17.04.2027 19:00',
    ]);
    const told = await db.select().from(s.notifications).where(eq(s.notifications.userId, fan.user.id));
    expect(told).toEqual([
      expect.objectContaining({
        type: 'event_date_cancelled',
        eventId: event!.id,
        params: { event: 'Quiz w sobotę', dates: '10.04.2027 19:00' },
      }),
    ]);
    expect(await eventsLeft(company.user.id)).toBe(4);
  });

  it('turns an imported single event into a series and back', async () => {
    resetRateLimits();
    const company = await createOrganiser({ eventsLeft: 5 });
    const feed = serve(seriesFeed({ rule: false }));
    const { id } = (await create(open, company, { url: feed.url })).json().data;
    const [single] = await importedEvents(id);
    expect(single?.repeatRule).toBeNull();
    expect(await occurrencesOf(single!.id)).toEqual([]);

    feeds.set(feed.path, { body: seriesFeed() });
    expect((await run(id, company.auth)).report[0]).toMatchObject({
      outcome: 'updated',
      eventId: single!.id,
    });
    const [series] = await importedEvents(id);
    expect(series?.repeatRule).toBe('FREQ=WEEKLY;BYDAY=SA;UNTIL=20270417T190000');
    expect(await occurrencesOf(single!.id)).toHaveLength(6);

    feeds.set(feed.path, { body: seriesFeed({ rule: false }) });
    expect((await run(id, company.auth)).report[0]).toMatchObject({ outcome: 'updated' });
    const [back] = await importedEvents(id);
    expect(back).toMatchObject({ repeatRule: null, seriesStart: null, startDate: single!.startDate });
    expect(await occurrencesOf(single!.id)).toEqual([]);
    const db = await getDb();
    expect(
      await db.select().from(s.eventExceptions).where(eq(s.eventExceptions.eventId, single!.id)),
    ).toEqual([]);
    expect(await eventsLeft(company.user.id)).toBe(4);
  });

  it('carries an endless series on as time passes, as unchanged and telling nobody', async () => {
    resetRateLimits();
    const company = await createOrganiser({ eventsLeft: 5 });
    const feed = serve(seriesFeed().replace(';UNTIL=20270417T170000Z', ''));
    const { id } = (await create(open, company, { url: feed.url })).json().data;
    const [event] = await importedEvents(id);
    const fan = await createAccount('user');
    const db = await getDb();
    await db.insert(s.eventFavourites).values({ userId: fan.user.id, eventId: event!.id });
    const lastOf = async () => (await occurrencesOf(event!.id)).at(-1)?.originalStart.getTime() ?? 0;
    const before = await lastOf();
    // Its dates reach two years past its start; read again once it has begun, they reach further.
    const later = await runImport({
      importId: id,
      now: new Date('2027-04-01T12:00:00Z'),
      fetch: testFetch,
    });
    expect(later.report.map((r) => r.outcome)).toEqual(['unchanged']);
    expect(await lastOf()).toBeGreaterThan(before);
    expect(await db.select().from(s.notifications).where(eq(s.notifications.userId, fan.user.id))).toEqual(
      [],
    );
  });

  it('passes over an EXDATE on no date of the rule, as calendar apps do', async () => {
    resetRateLimits();
    const company = await createOrganiser({ eventsLeft: 5 });
    const feed = serve(seriesFeed({ exdates: ['20270314T190000'] }));
    const { id, summary } = (await create(open, company, { url: feed.url })).json().data;
    expect(summary).toMatchObject({ status: 'ok', created: 1, failed: 0 });
    const [event] = await importedEvents(id);
    // Seven Saturdays to 17 April, none cancelled.
    expect(await occurrencesOf(event!.id)).toHaveLength(7);
    expect(await eventsLeft(company.user.id)).toBe(4);
  });

  it('takes a weekly series that began years ago and has no end, from its recent dates on', async () => {
    resetRateLimits();
    const company = await createOrganiser({ eventsLeft: 5 });
    const feed = serve(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//test//imports//EN',
        'BEGIN:VEVENT',
        'UID:forever@test',
        'DTSTAMP:20261101T000000Z',
        'SUMMARY:Quiz od lat',
        warsaw('DTSTART', '20150103T190000'),
        warsaw('DTEND', '20150103T210000'),
        'RRULE:FREQ=WEEKLY;BYDAY=SA',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    const { id, summary } = (await create(open, company, { url: feed.url })).json().data;
    expect(summary).toMatchObject({ created: 1, failed: 0 });
    const [event] = await importedEvents(id);
    const dates = await occurrencesOf(event!.id);
    // Kept from a month ago to two years ahead: about 108 Saturdays, not the 600 since 2015.
    expect(dates.length).toBeGreaterThan(100);
    expect(dates.length).toBeLessThan(115);
    expect(dates[0]!.startDate.getTime()).toBeGreaterThan(Date.now() - 32 * 86_400_000);
    // The series shows its first date not over: on a Saturday evening, while the quiz runs, that is today's,
    // begun already; so its end, not its start, is after now.
    expect(event!.endDate.getTime()).toBeGreaterThan(Date.now());
    expect(event!.startDate.getTime()).toBeGreaterThan(Date.now() - 2 * 3_600_000);
    expect(event!.seriesStart?.toISOString()).toBe('2015-01-03T18:00:00.000Z');
  });
});

describe('time zones', () => {
  const warsaw = (start: string, end: string) =>
    parseFeed(
      ics([
        {
          uid: 'dst',
          summary: 'DST',
          start: `;TZID=Europe/Warsaw:${start}`,
          end: `;TZID=Europe/Warsaw:${end}`,
        },
      ])
        .replace(/DTSTART:;/g, 'DTSTART;')
        .replace(/DTEND:;/g, 'DTEND;'),
    )[0];

  it('reads TZID=Europe/Warsaw on the last Sundays of March and October at the right instant', () => {
    // 2027-03-28: clocks go 02:00 → 03:00 (UTC+1 → UTC+2). 01:30 is still winter time, 03:30 summer time.
    const march = warsaw('20270328T013000', '20270328T033000');
    expect(march).toMatchObject({ kind: 'event', fields: { start_date_h: '01:30', end_date_h: '03:30' } });
    // 2027-10-31: clocks go 03:00 → 02:00; 01:00 is summer time, 04:00 winter time.
    const october = warsaw('20271031T010000', '20271031T040000');
    expect(october).toMatchObject({ kind: 'event', end: new Date('2027-10-31T03:00:00Z') });
    expect(march).toMatchObject({ end: new Date('2027-03-28T01:30:00Z') });
  });

  it('takes an all-day event as the whole day in Warsaw and DURATION for a missing DTEND', () => {
    const [allDay] = parseFeed(
      ics([{ uid: 'd' }])
        .replace('DTSTART:20270115T180000Z', 'DTSTART;VALUE=DATE:20270710')
        .replace('DTEND:20270115T200000Z', 'DTEND;VALUE=DATE:20270711'),
    );
    expect(allDay).toMatchObject({
      kind: 'event',
      end: new Date('2027-07-10T22:00:00Z'),
      fields: {
        start_date: '2027-07-10',
        start_date_h: '00:00',
        end_date: '2027-07-11',
        end_date_h: '00:00',
      },
    });
    const [timed] = parseFeed(ics([{ uid: 't' }]).replace('DTEND:20270115T200000Z', 'DURATION:PT90M'));
    expect(timed).toMatchObject({ end: new Date('2027-01-15T19:30:00Z') });
  });
});
