import { gunzipSync } from 'node:zlib';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, buildApi } from '@/api/app';
import { getDb } from '@/db/client';
import { categories, events, textPages } from '@/db/schema';
import { insertActor, insertEvent, insertPlace } from '@/test-support/fixtures';
import { setupTestDb } from '../helpers/db';
import { parseXml, type XmlElement } from '../helpers/xml';

// An "&" in the public address: every <loc> and href must carry it escaped.
const origin = 'https://portal.example.com/a&b';
process.env.PUBLIC_URL = origin;

setupTestDb();

const namespace = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const w3cDateTime = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
const perFile = 6;

let split: Api;
let whole: Api;
const visibleEvents: number[] = [];
const unlistedEvents: number[] = [];
const visiblePlaces: number[] = [];
let hiddenPlace: number;

beforeAll(async () => {
  split = await buildApi({ logger: false, seo: { sitemapUrlsPerFile: perFile } });
  whole = await buildApi({ logger: false });
  const db = await getDb();
  const owner = await insertActor('company');
  for (let i = 0; i < 3; i++) visiblePlaces.push((await insertPlace(owner.id, { name: `Scena ${i}` })).id);
  hiddenPlace = (await insertPlace(owner.id, { hiddenAt: new Date() })).id;
  for (let i = 0; i < 5; i++)
    visibleEvents.push((await insertEvent(owner.id, visiblePlaces[i % 3] as number)).id);
  const ended = await insertEvent(owner.id, visiblePlaces[0] as number);
  await db
    .update(events)
    .set({ startDate: new Date(Date.now() - 2 * 86_400_000), endDate: new Date(Date.now() - 86_400_000) })
    .where(eq(events.id, ended.id));
  const hidden = await insertEvent(owner.id, visiblePlaces[0] as number);
  await db.update(events).set({ hiddenAt: new Date() }).where(eq(events.id, hidden.id));
  const atHiddenPlace = await insertEvent(owner.id, hiddenPlace);
  unlistedEvents.push(ended.id, hidden.id, atHiddenPlace.id);
});
afterAll(async () => {
  await split?.close();
  await whole?.close();
});

const child = (e: XmlElement, name: string) => e.children.filter((c) => c.name === name);
const only = (e: XmlElement, name: string) => {
  const found = child(e, name);
  expect(found, `one <${name}>`).toHaveLength(1);
  return found[0] as XmlElement;
};

/** Checks one file against the protocol's rules and returns its root. */
function checkFile(body: string, rootName: 'sitemapindex' | 'urlset'): XmlElement {
  expect(Buffer.byteLength(body)).toBeLessThanOrEqual(50 * 1024 * 1024);
  const root = parseXml(body);
  expect(root.name).toBe(rootName);
  expect(root.attrs.xmlns).toBe(namespace);
  const entry = rootName === 'urlset' ? 'url' : 'sitemap';
  expect(root.children.every((c) => c.name === entry)).toBe(true);
  expect(root.children.length).toBeLessThanOrEqual(50_000);
  for (const item of root.children) {
    const loc = only(item, 'loc').text;
    expect(loc.startsWith(`${origin}/`), loc).toBe(true);
    expect(loc.length).toBeLessThanOrEqual(2048);
    for (const lastmod of child(item, 'lastmod')) expect(lastmod.text).toMatch(w3cDateTime);
  }
  // Escaped on the wire: the raw text holds no bare "&" of the origin.
  expect(body).not.toContain('/a&b/');
  return root;
}

interface Entry {
  loc: string;
  alternates: Record<string, string>;
}

/** Reads the index and every part it names, checking each; the entries of all parts. */
async function readSitemap(api: Api): Promise<{ parts: string[]; entries: Entry[] }> {
  const index = await api.inject({ url: '/sitemap.xml' });
  expect(index.statusCode).toBe(200);
  expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
  const root = checkFile(index.body, 'sitemapindex');
  const parts = root.children.map((s) => only(s, 'loc').text);
  const entries: Entry[] = [];
  for (const part of parts) {
    const path = part.slice(origin.length);
    expect(path).toMatch(/^\/sitemaps\/(pages|events|places)-[1-9]\d*\.xml$/);
    const res = await api.inject({ url: path });
    expect(res.statusCode, path).toBe(200);
    const urlset = checkFile(res.body, 'urlset');
    expect(urlset.attrs['xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
    expect(urlset.children.length).toBeGreaterThan(0);
    for (const url of urlset.children) {
      expect(child(url, 'lastmod')).toHaveLength(1);
      const links = child(url, 'xhtml:link');
      expect(links.every((l) => l.attrs.rel === 'alternate')).toBe(true);
      const alternates = Object.fromEntries(links.map((l) => [l.attrs.hreflang, l.attrs.href as string]));
      expect(Object.keys(alternates).sort()).toEqual(['en', 'pl', 'x-default']);
      entries.push({ loc: only(url, 'loc').text, alternates });
    }
  }
  return { parts, entries };
}

describe('sitemap.xml', () => {
  it('splits into parts of at most the configured size, every part named in the index', async () => {
    const db = await getDb();
    const [{ n: categoryCount } = { n: 0 }] = await db.select({ n: count() }).from(categories);
    const [{ n: textCount } = { n: 0 }] = await db.select({ n: count() }).from(textPages);
    const { parts, entries } = await readSitemap(split);
    const pages = 2 + categoryCount + textCount;
    const names = parts.map((p) => p.replace(/^.*\/sitemaps\//, ''));
    const perPart = perFile / 2;
    expect(names).toEqual([
      ...Array.from({ length: Math.ceil(pages / perPart) }, (_, i) => `pages-${i + 1}.xml`),
      ...Array.from({ length: Math.ceil(visibleEvents.length / perPart) }, (_, i) => `events-${i + 1}.xml`),
      ...Array.from({ length: Math.ceil(visiblePlaces.length / perPart) }, (_, i) => `places-${i + 1}.xml`),
    ]);
    expect(entries).toHaveLength(2 * (pages + visibleEvents.length + visiblePlaces.length));
    // Every address once, in no two parts.
    expect(new Set(entries.map((e) => e.loc)).size).toBe(entries.length);
    const past = await split.inject({
      url: `/sitemaps/events-${Math.ceil(visibleEvents.length / perPart) + 1}.xml`,
    });
    expect(past.statusCode).toBe(404);
    expect((await split.inject({ url: '/sitemaps/users-1.xml' })).statusCode).toBe(404);
    expect((await split.inject({ url: '/sitemaps/events-0.xml' })).statusCode).toBe(404);
  });

  it('lists public events, places, categories and text pages, and nothing hidden or over', async () => {
    const { entries } = await readSitemap(whole);
    const locs = new Set(entries.map((e) => e.loc));
    for (const id of visibleEvents) {
      expect(locs.has(`${origin}/event/${id}`)).toBe(true);
      expect(locs.has(`${origin}/en/event/${id}`)).toBe(true);
    }
    for (const id of unlistedEvents) expect(locs.has(`${origin}/event/${id}`)).toBe(false);
    for (const id of visiblePlaces) expect(locs.has(`${origin}/places/${id}`)).toBe(true);
    expect(locs.has(`${origin}/places/${hiddenPlace}`)).toBe(false);
    const db = await getDb();
    for (const c of await db.select({ id: categories.id }).from(categories)) {
      expect(locs.has(`${origin}/list?category_id=${c.id}`)).toBe(true);
    }
    for (const path of ['/', '/list', '/how-it-works', '/about-us', '/privacy', '/rule', '/contact']) {
      expect(locs.has(`${origin}${path}`), path).toBe(true);
      expect(locs.has(`${origin}/en${path === '/' ? '' : path}`), path).toBe(true);
    }
  });

  it('pairs the languages both ways: each entry names itself and its twin, and the twin names it back', async () => {
    const { entries } = await readSitemap(split);
    const byLoc = new Map(entries.map((e) => [e.loc, e]));
    for (const entry of entries) {
      const { pl, en } = entry.alternates;
      expect([pl, en]).toContain(entry.loc);
      expect(entry.alternates['x-default']).toBe(pl);
      const twin = byLoc.get(entry.loc === pl ? (en as string) : (pl as string));
      expect(twin, `twin of ${entry.loc}`).toBeDefined();
      expect(twin?.alternates).toEqual(entry.alternates);
    }
  });

  it('gives the lastmod of the record', async () => {
    const db = await getDb();
    const stamp = new Date('2026-03-04T05:06:07Z');
    await db
      .update(events)
      .set({ updatedAt: stamp })
      .where(eq(events.id, visibleEvents[0] as number));
    const { entries: _ } = { entries: [] };
    const res = await whole.inject({ url: '/sitemaps/events-1.xml' });
    const url = parseXml(res.body).children.find(
      (u) => only(u, 'loc').text === `${origin}/en/event/${visibleEvents[0]}`,
    );
    expect(url && only(url, 'lastmod').text).toBe('2026-03-04T05:06:07Z');
  });

  it('reads a part of thousands of events in batches, streamed and gzipped when asked', async () => {
    const db = await getDb();
    const [template] = await db
      .select()
      .from(events)
      .where(eq(events.id, visibleEvents[0] as number));
    if (!template) throw new Error('no event');
    const { id: _id, earth: _earth, searchWords: _searchWords, ...row } = template;
    // In batches of 1,000 rows: one statement may bind at most 65,535 values.
    const inserted: { id: number }[] = [];
    for (let from = 0; from < 2_300; from += 1_000) {
      const batch = Array.from({ length: Math.min(1_000, 2_300 - from) }, (_, i) => ({
        ...row,
        name: `Seria ${from + i}`,
      }));
      inserted.push(...(await db.insert(events).values(batch).returning({ id: events.id })));
    }
    try {
      const plain = await whole.inject({ url: '/sitemaps/events-1.xml' });
      const root = checkFile(plain.body, 'urlset');
      expect(root.children).toHaveLength(2 * (visibleEvents.length + inserted.length));
      const gzipped = await whole.inject({
        url: '/sitemaps/events-1.xml',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    } finally {
      await db.delete(events).where(
        inArray(
          events.id,
          inserted.map((e) => e.id),
        ),
      );
    }
  });
});

describe('robots.txt', () => {
  it('lets crawlers read the public pages and the share images, not the API or private areas', async () => {
    const res = await whole.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Allow: /api/og/');
    expect(lines).toContain('Allow: /api/icons.svg');
    expect(lines).toContain('Disallow: /api/');
    for (const path of [
      '/admin',
      '/account',
      '/messages',
      '/notifications',
      '/profile',
      '/calendar',
      '/favourite',
      '/cart',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
      expect(lines).toContain(`Disallow: /en${path}`);
    }
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(
      lines.filter(
        (l) =>
          l.startsWith('Disallow: /') && ['/', '/en', '/event', '/places', '/list'].includes(l.slice(10)),
      ),
    ).toEqual([]);
  });
});

describe('sitemap parts for one address', () => {
  it('are limited to 30 a minute (each costs up to a second to write)', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.9' };
    const statuses: number[] = [];
    for (let n = 0; n < 31; n++) {
      statuses.push(
        (await split.inject({ url: '/sitemaps/pages-1.xml', remoteAddress: '198.51.100.9', headers }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect(
      (await split.inject({ url: '/sitemaps/pages-1.xml', remoteAddress: '198.51.100.10' })).statusCode,
    ).toBe(200);
  });
});
