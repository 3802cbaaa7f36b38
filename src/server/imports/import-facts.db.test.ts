import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { events } from '@/db/schema';
import { descriptionLines } from '@/lib/sanitize-html';
import type { AuthUser } from '@/server/auth/access-tokens';
import { getEventDetail } from '@/server/events/get-event';
import { icsCalendar, loadIcsSeries } from '@/server/events/ics';
import { insertActor, insertPlace, seededPlans } from '@/test-support/fixtures';
import { createImport } from './manage-imports';
import { isPublicAddress } from './safe-fetch';

// Issue 29 item 2: an imported calendar states no false facts. What it does not say (prices, places) is
// unknown, not 0; a weekly rule without BYDAY repeats on DTSTART's weekday; the same calendar imported
// again updates its events by UID per place; a moved date keeps its title; line breaks survive the export.

const now = new Date('2027-01-01T12:00:00Z');
const testFetch = { isAllowedAddress: (a: string) => a === '127.0.0.1' || isPublicAddress(a) };
let server: http.Server;
let base: string;
const feeds = new Map<string, string>();
let topPlanId: number;

beforeAll(async () => {
  topPlanId = (await seededPlans()).topPlan.id;
  server = http.createServer((req, res) => {
    const body = feeds.get(req.url ?? '');
    if (body === undefined) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

async function company() {
  const actor = await insertActor('company', { eventsLeft: 20, premiumSettingId: topPlanId });
  const place = await insertPlace(actor.id);
  return { actor, placeId: place.id };
}

const calendar = (...vevents: string[][]) =>
  `${['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//facts//EN', ...vevents.flat(), 'END:VCALENDAR'].join('\r\n')}\r\n`;

// 2027-03-06 is a Saturday; 23:30 UTC on Friday 5 March is already Saturday in Warsaw.
const weekly = (summary = 'Potańcówka') => [
  'BEGIN:VEVENT',
  'UID:weekly-1',
  'DTSTAMP:20261101T000000Z',
  `SUMMARY:${summary}`,
  'DTSTART:20270305T233000Z',
  'DTEND:20270306T013000Z',
  'RRULE:FREQ=WEEKLY;COUNT=4',
  'DESCRIPTION:Pierwsza linia\\nDruga linia\\n\\nTrzecia & ostatnia',
  'END:VEVENT',
];

const single = (uid: string, summary: string) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  'DTSTAMP:20261101T000000Z',
  `SUMMARY:${summary}`,
  'DTSTART:20270115T180000Z',
  'DTEND:20270115T200000Z',
  'END:VEVENT',
];

const importFile = (actor: AuthUser, placeId: number, file: string) =>
  createImport({ actor, placeId, categoryId: 1, file, fetch: testFetch }).then((r) => r.summary);

async function eventsOf(placeId: number) {
  const db = await getDb();
  return db.select().from(events).where(eq(events.placeId, placeId)).orderBy(events.id);
}

describe('imported facts', () => {
  it('keeps a price and places the calendar does not give unknown, not 0', async () => {
    const { actor, placeId } = await company();
    await importFile(actor, placeId, calendar(single('one', 'Koncert')));
    const [event] = await eventsOf(placeId);
    expect(event).toMatchObject({ priceMin: null, priceMax: null, spotsLeft: null });
    const detail = await getEventDetail({ id: event?.id ?? 0, locale: 'pl' });
    expect(detail).toMatchObject({ price_min: null, price_max: null, spots_left: null });
  });

  it('reads a weekly rule without BYDAY on the weekday of DTSTART, in Warsaw', async () => {
    const { actor, placeId } = await company();
    await importFile(actor, placeId, calendar(weekly()));
    const [event] = await eventsOf(placeId);
    const detail = await getEventDetail({ id: event?.id ?? 0, locale: 'pl' });
    expect(detail.series?.repeat).toMatchObject({ freq: 'weekly', days: ['SA'], count: 4 });
  });

  it('updates the events of a file imported twice, never making them twice', async () => {
    const { actor, placeId } = await company();
    const first = await importFile(actor, placeId, calendar(single('a', 'Koncert A'), weekly()));
    expect(first.created).toBe(2);
    const again = await importFile(actor, placeId, calendar(single('a', 'Koncert A – nowa nazwa'), weekly()));
    expect(again.report.map((r) => r.outcome).sort()).toEqual(['unchanged', 'updated']);
    const rows = await eventsOf(placeId);
    expect(rows.map((r) => r.name).sort()).toEqual(['Koncert A – nowa nazwa', 'Potańcówka']);
  });

  it('updates from a file the events its URL made', async () => {
    const { actor, placeId } = await company();
    feeds.set('/club.ics', calendar(single('u1', 'Z adresu'), weekly()));
    const fromUrl = await createImport({
      actor,
      placeId,
      categoryId: 1,
      url: `${base}/club.ics`,
      fetch: testFetch,
    });
    expect(fromUrl.summary.created).toBe(2);
    const fromFile = await importFile(actor, placeId, calendar(single('u1', 'Z pliku'), weekly()));
    expect(fromFile.created).toBe(0);
    const rows = await eventsOf(placeId);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.name).sort()).toEqual(['Potańcówka', 'Z pliku']);
    // Another place's calendar may hold the same UID: it is its own event.
    const other = await insertPlace(actor.id);
    await importFile(actor, other.id, calendar(single('u1', 'Gdzie indziej')));
    expect(await eventsOf(other.id)).toHaveLength(1);
    expect(await eventsOf(placeId)).toHaveLength(2);
  });

  it('keeps the title of a moved or renamed date, on the page and in the export', async () => {
    const { actor, placeId } = await company();
    const override = (id: string, start: string, end: string, summary: string) => [
      'BEGIN:VEVENT',
      'UID:weekly-1',
      'DTSTAMP:20261101T000000Z',
      `RECURRENCE-ID:${id}`,
      `SUMMARY:${summary}`,
      `DTSTART:${start}`,
      `DTEND:${end}`,
      'END:VEVENT',
    ];
    await importFile(
      actor,
      placeId,
      calendar(
        weekly(),
        override('20270312T233000Z', '20270313T180000Z', '20270313T200000Z', 'Potańcówka karnawałowa'),
        override('20270319T233000Z', '20270319T233000Z', '20270320T013000Z', 'Potańcówka z gościem'),
      ),
    );
    const [event] = await eventsOf(placeId);
    const detail = await getEventDetail({ id: event?.id ?? 0, locale: 'pl' });
    const named = (detail.series?.next_dates ?? []).filter((d) => d.name).map((d) => [d.start, d.name]);
    expect(named).toEqual([
      ['2027-03-13T18:00:00.000Z', 'Potańcówka karnawałowa'],
      ['2027-03-19T23:30:00.000Z', 'Potańcówka z gościem'],
    ]);
    const series = (await loadIcsSeries(await getDb(), [event?.id ?? 0])).get(event?.id ?? 0);
    const text = icsCalendar([
      { id: 1, name: detail.name, start: detail.start_date, end: detail.end_date, series },
    ]);
    const vevents = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
    expect(vevents.map((v) => v.getFirstPropertyValue('summary'))).toEqual([
      'Potańcówka',
      'Potańcówka karnawałowa',
      'Potańcówka z gościem',
    ]);
  });

  it('keeps the line breaks of a description through the page and the .ics export', async () => {
    const { actor, placeId } = await company();
    await importFile(actor, placeId, calendar(weekly()));
    const [event] = await eventsOf(placeId);
    expect(event?.description).toBe('Pierwsza linia<br />Druga linia<br /><br />Trzecia &amp; ostatnia');
    const plain = descriptionLines(event?.description ?? '');
    const text = icsCalendar([
      { id: 1, name: 'x', start: now.toISOString(), end: now.toISOString(), description: plain },
    ]);
    const [vevent] = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
    expect(vevent?.getFirstPropertyValue('description')).toBe(
      'Pierwsza linia\nDruga linia\n\nTrzecia & ostatnia',
    );
  });
});
