import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '@/config';
import { getDb } from '@/db/client';
import * as s from '@/db/schema';
import { searchDataChanged } from '@/server/search/search-cache';
import { createAccount, createOrganiser, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { multipart } from '../helpers/forms';
import { parseIcs } from '../helpers/ics';
import { parseXml, type XmlElement } from '../helpers/xml';

// Issue 17 point 1: ICS, RSS 2.0 and JSON Feed for any search of the list page, a place or a company.
// Every event here is this file's own (no demo data), so each filter's answer is known exactly.

setupTestDb();
const api = setupApi();

const day = 86_400_000;
const hour = 3_600_000;
type Organiser = Awaited<ReturnType<typeof createOrganiser>>;
type EventRow = typeof s.events.$inferSelect;

let categories: [number, number];
let a: Organiser;
let b: Organiser;
let blocked: Organiser;
const ev: Record<string, EventRow> = {};

async function addEvent(
  organiser: Organiser,
  values: Partial<typeof s.events.$inferInsert> & { name: string; inDays: number },
): Promise<EventRow> {
  const { inDays, ...rest } = values;
  const start = new Date(Math.floor((Date.now() + inDays * day) / 60_000) * 60_000);
  const [event] = await (await getDb())
    .insert(s.events)
    .values({
      userId: organiser.user.id,
      placeId: organiser.placeId,
      categoryId: categories[0],
      city: 'Feedów',
      placeName: 'Sala',
      startDate: start,
      endDate: new Date(start.getTime() + 2 * hour),
      ...rest,
    })
    .returning();
  return event!;
}

beforeAll(async () => {
  const db = await getDb();
  const rows = await db.select({ id: s.categories.id }).from(s.categories).limit(2);
  categories = [rows[0]!.id, rows[1]!.id];
  [a, b, blocked] = [await createOrganiser(), await createOrganiser(), await createOrganiser()];
  ev.a1 = await addEvent(a, {
    name: 'Koncert <jazz> & "blues"\u0007; wieczór, długi',
    inDays: 2,
    lat: 50.0614,
    lng: 19.9366,
  });
  ev.a2 = await addEvent(a, {
    name: 'Spektakl',
    inDays: 10,
    categoryId: categories[1],
    priceMin: 5000,
    priceMax: 8000,
  });
  ev.b1 = await addEvent(b, { name: 'Warsztaty', inDays: 5, city: 'Innów', lat: 54.352, lng: 18.6466 });
  ev.ended = await addEvent(a, { name: 'Wczorajszy', inDays: -1 });
  ev.hidden = await addEvent(a, { name: 'Ukryty', inDays: 3, hiddenAt: new Date() });
  ev.blocked = await addEvent(blocked, { name: 'Zablokowany', inDays: 4 });
  const admin = await createAccount('admin');
  const res = await api().inject({
    method: 'POST',
    url: `/api/admin/user/${blocked.user.id}/block`,
    headers: { ...admin.auth, origin: new URL(getConfig().publicUrl).origin },
    payload: { reason: 'spam' },
  });
  expect(res.statusCode).toBe(200);
});

async function feed(format: 'ics' | 'rss' | 'json', query: string, headers: Record<string, string> = {}) {
  return api().inject({ url: `/api/feed/events.${format}${query ? `?${query}` : ''}`, headers });
}

async function jsonIds(query: string): Promise<number[]> {
  const res = await feed('json', query);
  expect(res.statusCode, query).toBe(200);
  return (res.json() as { items: { url: string }[] }).items.map((i) => Number(i.url.split('/').pop()));
}

const child = (el: XmlElement, name: string) => el.children.find((c) => c.name === name);
const children = (el: XmlElement, name: string) => el.children.filter((c) => c.name === name);

describe('GET /api/feed/events.{ics,rss,json}', () => {
  it('keeps to each filter, upcoming events only, by start, never a hidden one', async () => {
    const { a1, a2, b1 } = ev as Record<string, EventRow>;
    expect(await jsonIds('')).toEqual([a1!.id, b1!.id, a2!.id]);
    expect(await jsonIds('localization=feedow')).toEqual([a1!.id, a2!.id]);
    expect(await jsonIds(`category_id=${categories[0]}`)).toEqual([a1!.id, b1!.id]);
    expect(await jsonIds(`place_id=${b.placeId}`)).toEqual([b1!.id]);
    expect(await jsonIds(`company_id=${a.user.id}`)).toEqual([a1!.id, a2!.id]);
    expect(await jsonIds(`company_id=${blocked.user.id}`)).toEqual([]);
    const search = await api().inject({ url: `/api/event?company_id=${a.user.id}` });
    expect(search.json().data.map((e: { id: number }) => e.id)).toEqual([a1!.id, a2!.id]);
    expect(await jsonIds('lat=54.35&lng=18.65&max_distance=20')).toEqual([b1!.id]);
    expect(await jsonIds('lat=50.06&lng=19.94&max_distance=5')).toEqual([a1!.id]);
    const iso = (inDays: number) => new Date(Date.now() + inDays * day).toISOString().slice(0, 10);
    expect(await jsonIds(`date_from=${iso(8)}&date_end=${iso(12)}`)).toEqual([a2!.id]);
    // A range that began in the past still lists only what has not ended.
    expect(await jsonIds(`date_from=${iso(-5)}&date_end=${iso(3)}`)).toEqual([a1!.id]);
    expect(await jsonIds('price_min=40')).toEqual([a2!.id]);
    expect(await jsonIds('search=warsztat')).toEqual([b1!.id]);
    // Paging and ordering are not part of a feed: they are ignored, not obeyed.
    expect(await jsonIds('localization=Feedów&order_by=latest&page=2&per_page=1')).toEqual([a1!.id, a2!.id]);
  });

  it('answers bad parameters with a 422 naming the field, as GET /api/event does', async () => {
    for (const [query, field] of [
      ['category_id=abc', 'category_id'],
      ['company_id=0', 'company_id'],
      ['place_id=3000000000', 'place_id'],
      ['lat=50', 'lat'],
      ['max_distance=10', 'lat'],
      ['max_distance=5000&lat=50&lng=19', 'max_distance'],
      ['date_from=2026-02-30', 'date_from'],
      ['date_from=2026-12-10&date_end=2026-12-01', 'date_end'],
      ['price_min=90&price_max=10', 'price_max'],
      [`localization=${'x'.repeat(101)}`, 'localization'],
      ['lang=de', 'lang'],
    ] as const) {
      for (const format of ['ics', 'rss', 'json'] as const) {
        const res = await feed(format, query, { 'accept-language': 'en' });
        expect(res.statusCode, `${format} ${query}`).toBe(422);
        expect(Object.keys(res.json().errors ?? {}), query).toContain(field);
      }
    }
  });

  it('writes a valid iCalendar named after the search, with the UID of the event’s own .ics', async () => {
    const res = await feed('ics', `localization=Feedów&category_id=${categories[0]}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const calendar = parseIcs(res.body);
    expect(calendar.method).toBe('PUBLISH');
    const category = await (await getDb())
      .select()
      .from(s.categories)
      .where(eq(s.categories.id, categories[0]));
    expect(calendar.name).toBe(
      `Nadchodzące wydarzenia: ${category[0]!.namePl}, w mieście Feedów – Wydarzenia i Miejsca`,
    );
    expect(calendar.description).toMatch(/500/);
    expect(calendar.events).toHaveLength(1);
    const [event] = calendar.events;
    const own = parseIcs((await api().inject({ url: `/api/event/${ev.a1!.id}/ics` })).body).events[0];
    expect(event!.uid).toBe(own!.uid);
    expect(event).toMatchObject({
      // RFC 5545 admits no control character in TEXT: the name's BEL is dropped (issue 26).
      summary: ev.a1!.name.replace('\u0007', ''),
      start: ev.a1!.startDate.toISOString(),
      end: ev.a1!.endDate.toISOString(),
      location: 'Sala, Feedów',
      url: `${getConfig().publicUrl}/event/${ev.a1!.id}`,
    });
    // The request's language, or ?lang= for calendar apps that send none.
    const english = parseIcs((await feed('ics', `place_id=${b.placeId}`, { 'accept-language': 'en' })).body);
    expect(english.name).toBe('Upcoming events: at Sala – Events & Places');
    expect(english.events[0]!.url).toBe(`${getConfig().publicUrl}/en/event/${ev.b1!.id}`);
    const byLang = parseIcs((await feed('ics', `company_id=${a.user.id}&lang=en`)).body);
    expect(byLang.name).toBe(`Upcoming events: by ${a.user.companyName} – Events & Places`);
  });

  it('writes a valid RSS 2.0 channel with escaped text and atom:link rel=self', async () => {
    const query = 'localization=Feed%C3%B3w&lang=en';
    const res = await feed('rss', query);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const rss = parseXml(res.body);
    expect(rss.name).toBe('rss');
    expect(rss.attrs.version).toBe('2.0');
    expect(rss.attrs['xmlns:atom']).toBe('http://www.w3.org/2005/Atom');
    const channel = child(rss, 'channel')!;
    // RSS 2.0: a channel's required elements, once each.
    for (const name of ['title', 'link', 'description'])
      expect(children(channel, name), name).toHaveLength(1);
    expect(child(channel, 'title')!.text).toBe('Upcoming events: in Feedów – Events & Places');
    expect(child(channel, 'link')!.text).toBe(`${getConfig().publicUrl}/en/list?localization=Feed%C3%B3w`);
    expect(child(channel, 'language')!.text).toBe('en');
    expect(child(channel, 'description')!.text).toMatch(/500/);
    const self = child(channel, 'atom:link')!;
    expect(self.attrs).toEqual({
      href: `${getConfig().publicUrl}/api/feed/events.rss?${query}`,
      rel: 'self',
      type: 'application/rss+xml',
    });
    const items = children(channel, 'item');
    expect(items).toHaveLength(2);
    for (const item of items) {
      // An item needs a title or a description; the guid is its page, so isPermaLink.
      expect(child(item, 'title')!.text).toBeTruthy();
      const guid = child(item, 'guid')!;
      expect(guid.attrs.isPermaLink).toBe('true');
      expect(guid.text).toBe(child(item, 'link')!.text);
      expect(new Date(child(item, 'pubDate')!.text).toUTCString()).toBe(child(item, 'pubDate')!.text);
    }
    const first = items[0]!;
    // The bell character cannot be written in XML 1.0 at all; the rest comes back as it was.
    expect(child(first, 'title')!.text).toBe(ev.a1!.name.replace('\u0007', ''));
    expect(child(first, 'link')!.text).toBe(`${getConfig().publicUrl}/en/event/${ev.a1!.id}`);
    expect(child(first, 'pubDate')!.text).toBe(ev.a1!.startDate.toUTCString());
    // Issue 31: a Polish-only event in an English feed says so, and its title names its language.
    expect(child(first, 'description')!.text).toMatch(/ · Sala, Feedów · Only in Polish$/);
    expect(child(first, 'title')!.attrs['xml:lang']).toBe('pl');
    expect(res.body).not.toContain('<jazz>');
  });

  it('writes a JSON Feed 1.1 with its required fields and the _event extension', async () => {
    const res = await feed('json', `place_id=${b.placeId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/feed+json; charset=utf-8');
    const body = res.json();
    expect(body).toMatchObject({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'Nadchodzące wydarzenia: w miejscu Sala – Wydarzenia i Miejsca',
      home_page_url: `${getConfig().publicUrl}/places/${b.placeId}`,
      feed_url: `${getConfig().publicUrl}/api/feed/events.json?place_id=${b.placeId}`,
    });
    expect(body.next_url).toBeUndefined();
    expect(body.items).toEqual([
      {
        id: `${getConfig().publicUrl}/event/${ev.b1!.id}`,
        url: `${getConfig().publicUrl}/event/${ev.b1!.id}`,
        title: 'Warsztaty',
        content_text: expect.stringMatching(/ · Sala, Innów$/),
        date_published: ev.b1!.startDate.toISOString(),
        _event: {
          start: ev.b1!.startDate.toISOString(),
          end: ev.b1!.endDate.toISOString(),
          place: 'Sala',
          city: 'Innów',
          lat: 54.352,
          lng: 18.6466,
        },
      },
    ]);
  });

  it('answers If-None-Match with 304 until the events change, then with a new ETag', async () => {
    for (const format of ['ics', 'rss', 'json'] as const) {
      const query = `company_id=${a.user.id}`;
      const first = await feed(format, query);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await feed(format, query, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=300');
      expect((await feed(format, query, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
      expect((await feed(format, query, { 'if-none-match': '"other"' })).statusCode).toBe(200);
      // Written again (the cache emptied, a new DTSTAMP), the same events keep the same ETag.
      searchDataChanged();
      expect((await feed(format, query)).headers.etag).toBe(etag);
    }
    const before = String((await feed('rss', `company_id=${a.user.id}`)).headers.etag);
    await (await getDb())
      .update(s.events)
      .set({ name: 'Spektakl zmieniony' })
      .where(eq(s.events.id, ev.a2!.id));
    const after = await feed('rss', `company_id=${a.user.id}`, { 'if-none-match': before });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    expect(after.body).toContain('Spektakl zmieniony');
  });

  it('lists at most 500 events, the first by start, in every format', async () => {
    const db = await getDb();
    const start = Date.now() + day;
    await db.insert(s.events).values(
      Array.from({ length: 501 }, (_, i) => ({
        userId: b.user.id,
        placeId: b.placeId,
        categoryId: categories[1],
        name: `Seans ${i}`,
        city: 'Tłumów',
        startDate: new Date(start + (501 - i) * 60_000),
        endDate: new Date(start + (501 - i) * 60_000 + hour),
      })),
    );
    const json = (await feed('json', 'localization=Tłumów')).json() as { items: { title: string }[] };
    expect(json.items).toHaveLength(500);
    // The latest starting one (Seans 0) is the one left out.
    expect(json.items[0]!.title).toBe('Seans 500');
    expect(json.items.map((i) => i.title)).not.toContain('Seans 0');
    expect(parseIcs((await feed('ics', 'localization=Tłumów')).body).events).toHaveLength(500);
    const rss = parseXml((await feed('rss', 'localization=Tłumów')).body);
    expect(children(child(rss, 'channel')!, 'item')).toHaveLength(500);
  });
});

// Issue 17 item 4: a series is one recurring VEVENT in the feed and in its own .ics, in Warsaw time, so a
// calendar app expands it to 19:00 on both sides of the change to summer time (2031-03-30).
describe('a series in the ICS feed and the event’s .ics', () => {
  let organiser: Organiser;
  let seriesId: number;

  beforeAll(async () => {
    organiser = await createOrganiser();
    const form = await multipart({
      category_id: String(categories[0]),
      place_id: String(organiser.placeId),
      name: 'Quiz w sobotę',
      price_min: '0',
      price_max: '20',
      spots_left: '40',
      start_date: '2031-03-15',
      start_date_h: '19:00',
      end_date: '2031-03-15',
      end_date_h: '21:00',
      repeat: 'weekly',
      repeat_days: 'SA',
      repeat_end: 'count',
      repeat_count: '6',
      cancel_dates: '2031-03-22',
    });
    const res = await api().inject({
      method: 'POST',
      url: '/api/event',
      headers: { ...form.headers, ...organiser.auth },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    seriesId = res.json().data.id;
  });

  afterEach(() => {
    ICAL.TimezoneService.reset();
  });

  /** The one VEVENT of `body` and its dates as ical.js expands them with the calendar's own VTIMEZONE. */
  function expandOnly(body: string) {
    const calendar = new ICAL.Component(ICAL.parse(body));
    const zones = calendar.getAllSubcomponents('vtimezone');
    expect(zones.map((z) => z.getFirstPropertyValue('tzid'))).toEqual(['Europe/Warsaw']);
    ICAL.TimezoneService.register(zones[0]!);
    const vevents = calendar.getAllSubcomponents('vevent');
    expect(vevents).toHaveLength(1);
    const vevent = vevents[0]!;
    const starts: string[] = [];
    const iterator = new ICAL.Event(vevent).iterator();
    for (let next = iterator.next(); next && starts.length < 50; next = iterator.next())
      starts.push(next.toJSDate().toISOString());
    return { vevent, starts };
  }

  const expected = [
    '2031-03-15T18:00:00.000Z',
    '2031-03-29T18:00:00.000Z',
    '2031-04-05T17:00:00.000Z',
    '2031-04-12T17:00:00.000Z',
    '2031-04-19T17:00:00.000Z',
  ];

  it('writes the series once, with RRULE and EXDATE, in the feed', async () => {
    const res = await feed('ics', `company_id=${organiser.user.id}`);
    expect(res.statusCode).toBe(200);
    // The helper's checks of RFC 5545 (line ends, folding, required properties) hold for a series too.
    expect(parseIcs(res.body).events).toHaveLength(1);
    const { vevent, starts } = expandOnly(res.body);
    expect(vevent.getFirstPropertyValue('uid')).toBe(`event-${seriesId}@wydarzeniaimiejsca`);
    expect(res.body).toContain('RRULE:FREQ=WEEKLY;BYDAY=SA;COUNT=6\r\n');
    expect(res.body).toContain('DTSTART;TZID=Europe/Warsaw:20310315T190000\r\n');
    expect(res.body).toContain('EXDATE;TZID=Europe/Warsaw:20310322T190000\r\n');
    expect(starts).toEqual(expected);
    // RSS and JSON Feed list the series once, at its current date.
    const json = (await feed('json', `company_id=${organiser.user.id}`)).json() as {
      items: { _event: { start: string } }[];
    };
    expect(json.items.map((i) => i._event.start)).toEqual([expected[0]]);
  });

  it('writes the same series in the event’s own .ics', async () => {
    const res = await api().inject({ url: `/api/event/${seriesId}/ics` });
    expect(res.statusCode).toBe(200);
    expect(parseIcs(res.body).events).toHaveLength(1);
    const { vevent, starts } = expandOnly(res.body);
    expect(vevent.getFirstPropertyValue('uid')).toBe(`event-${seriesId}@wydarzeniaimiejsca`);
    expect(vevent.getAllProperties('exdate')).toHaveLength(1);
    expect(starts).toEqual(expected);
  });
});
