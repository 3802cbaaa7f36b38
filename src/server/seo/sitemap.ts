import 'server-only';
import { and, asc, count, gt, isNull, max, sql } from 'drizzle-orm';
import { getConfig } from '@/config';
import { getDb } from '@/db/client';
import { categories, events, places, textPages } from '@/db/schema';
import { languageUrls } from '@/lib/locale-path';
import type { TextSlug } from '@/server/texts/get-text';

// sitemaps.org: an index at /sitemap.xml naming parts of at most 50,000 addresses (and 50 MB) each.
// Every page is listed once per language, each entry naming both languages and x-default (Google's
// hreflang-in-sitemap form). Events and places are read in id order, a batch at a time from where the
// last one stopped, and written out as they come: no query per row, no part held whole in memory.

export const maxUrlsPerFile = 50_000;
const batchRows = 2_000;

export type SitemapKind = 'events' | 'places' | 'pages';

export interface SitemapOptions {
  /** Addresses per part (tests split with a few); at most 50,000, at least 2 (a page's two languages). */
  urlsPerFile?: number;
  now?: Date;
}

const textPaths: Record<TextSlug, string> = {
  'how-it-works': '/how-it-works',
  'about-us': '/about-us',
  privacy: '/privacy',
  regulations: '/rule',
  contact: '/contact',
};

/** Public events: the same rule as the public list (search-events.ts), and their place not hidden. */
const visibleEvent = (now: Date) =>
  and(
    isNull(events.hiddenAt),
    gt(events.endDate, now),
    sql`exists (select 1 from ${places}
    where ${places.id} = ${events.placeId} and ${places.hiddenAt} is null)`,
  );
const visiblePlace = () => isNull(places.hiddenAt);

const xml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** W3C datetime, to the second. */
export const w3cDate = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

const urlsetOpen =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
const urlsetClose = '</urlset>\n';

/** The `<url>` entries of one page (unprefixed `path`): one per language, each naming all of them. */
function pageEntries(path: string, lastmod: Date): string {
  const urls = languageUrls(getConfig().publicUrl, path);
  const links = Object.entries(urls)
    .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${xml(href)}"/>`)
    .join('');
  const modified = w3cDate(lastmod);
  return [urls.pl, urls.en]
    .map((loc) => `<url><loc>${xml(loc)}</loc><lastmod>${modified}</lastmod>${links}</url>\n`)
    .join('');
}

function perFile(options: SitemapOptions): number {
  const n = Math.floor(options.urlsPerFile ?? maxUrlsPerFile);
  if (!(n >= 2 && n <= maxUrlsPerFile)) throw new Error(`urlsPerFile must be 2..${maxUrlsPerFile}`);
  return n;
}

/** Pages per part: each page takes one address per language. */
const pagesPerPart = (options: SitemapOptions) => Math.floor(perFile(options) / 2);

interface Page {
  path: string;
  lastmod: Date;
}

async function totals(now: Date) {
  const db = await getDb();
  const [[e], [p]] = await Promise.all([
    db
      .select({ n: count(), at: max(events.updatedAt) })
      .from(events)
      .where(visibleEvent(now)),
    db
      .select({ n: count(), at: max(places.updatedAt) })
      .from(places)
      .where(visiblePlace()),
  ]);
  return { events: { n: e?.n ?? 0, at: e?.at ?? null }, places: { n: p?.n ?? 0, at: p?.at ?? null } };
}

async function newestEventAt(now: Date): Promise<Date | null> {
  const db = await getDb();
  const [row] = await db
    .select({ at: max(events.updatedAt) })
    .from(events)
    .where(visibleEvent(now));
  return row?.at ?? null;
}

/**
 * The home page, the list, the category lists (the home page's tiles link to them) and the text pages,
 * with their last change: the newest public event for the lists, the text's own for a text.
 */
async function fixedPages(now: Date, newestEvent: Date | null): Promise<Page[]> {
  const db = await getDb();
  const [texts, cats] = await Promise.all([
    db.select({ slug: textPages.slug, at: textPages.updatedAt }).from(textPages).orderBy(asc(textPages.id)),
    db
      .select({
        id: categories.id,
        at: sql<Date | null>`(select max(${events.updatedAt}) from ${events} where ${events.categoryId} = ${categories.id} and ${visibleEvent(now)})`.mapWith(
          events.updatedAt,
        ),
      })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id)),
  ]);
  const fallback =
    newestEvent ?? texts.reduce<Date | null>((a, t) => (a && a > t.at ? a : t.at), null) ?? now;
  return [
    { path: '/', lastmod: fallback },
    { path: '/list', lastmod: fallback },
    ...cats.map((c) => ({ path: `/list?category_id=${c.id}`, lastmod: c.at ?? fallback })),
    ...texts.flatMap((t) => {
      const path = textPaths[t.slug as TextSlug];
      return path ? [{ path, lastmod: t.at }] : [];
    }),
  ];
}

const partUrl = (name: string) => `${getConfig().publicUrl}/sitemaps/${name}.xml`;

/** The sitemap index: every part, with the newest change among its kind. */
export async function sitemapIndex(options: SitemapOptions = {}): Promise<string> {
  const now = options.now ?? new Date();
  const size = pagesPerPart(options);
  const { events: e, places: p } = await totals(now);
  const pages = await fixedPages(now, e.at);
  const newestPage = pages.reduce((a, b) => (a.lastmod > b.lastmod ? a : b)).lastmod;
  const parts: { name: string; at: Date | null }[] = [];
  const add = (kind: SitemapKind, rows: number, at: Date | null) => {
    for (let i = 1; i <= Math.ceil(rows / size); i++) parts.push({ name: `${kind}-${i}`, at });
  };
  add('pages', pages.length, newestPage);
  add('events', e.n, e.at);
  add('places', p.n, p.at);
  const entries = parts
    .map(
      ({ name, at }) =>
        `<sitemap><loc>${xml(partUrl(name))}</loc>${at ? `<lastmod>${w3cDate(at)}</lastmod>` : ''}</sitemap>\n`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</sitemapindex>\n`;
}

/** Rows of events or places in id order from `after` on, `limit` at most: the keyset page of a part. */
async function rowsAfter(kind: 'events' | 'places', now: Date, after: number, limit: number) {
  const db = await getDb();
  const table = kind === 'events' ? events : places;
  return db
    .select({ id: table.id, at: table.updatedAt })
    .from(table)
    .where(and(kind === 'events' ? visibleEvent(now) : visiblePlace(), gt(table.id, after)))
    .orderBy(asc(table.id))
    .limit(limit);
}

/** The id just before part `part`'s first row (0 for the first part), or null when the part is past the end. */
async function partStart(
  kind: 'events' | 'places',
  now: Date,
  part: number,
  size: number,
): Promise<number | null> {
  if (part === 1) return 0;
  const db = await getDb();
  const table = kind === 'events' ? events : places;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(kind === 'events' ? visibleEvent(now) : visiblePlace())
    .orderBy(asc(table.id))
    .offset((part - 1) * size - 1)
    .limit(1);
  return row ? row.id : null;
}

async function* recordPart(
  kind: 'events' | 'places',
  now: Date,
  start: number,
  size: number,
  first: { id: number; at: Date }[],
) {
  const prefix = kind === 'events' ? '/event/' : '/places/';
  let rows = first;
  let left = size;
  let after = start;
  yield urlsetOpen;
  while (rows.length > 0) {
    yield rows.map((r) => pageEntries(`${prefix}${r.id}`, r.at)).join('');
    left -= rows.length;
    after = rows[rows.length - 1]?.id ?? after;
    if (left <= 0 || rows.length < batchRows) break;
    rows = await rowsAfter(kind, now, after, Math.min(batchRows, left));
  }
  yield urlsetClose;
}

/**
 * Part `part` (from 1) of `kind` as chunks of XML, or null when there is no such part. The first rows
 * are read before answering, so an unknown part is a plain 404 rather than a broken stream.
 */
export async function sitemapPart(
  kind: SitemapKind,
  part: number,
  options: SitemapOptions = {},
): Promise<AsyncIterable<string> | null> {
  const now = options.now ?? new Date();
  const size = pagesPerPart(options);
  if (!Number.isSafeInteger(part) || part < 1) return null;
  if (kind === 'pages') {
    const pages = (await fixedPages(now, await newestEventAt(now))).slice((part - 1) * size, part * size);
    if (pages.length === 0) return null;
    return (async function* () {
      yield urlsetOpen;
      yield pages.map((p) => pageEntries(p.path, p.lastmod)).join('');
      yield urlsetClose;
    })();
  }
  const start = await partStart(kind, now, part, size);
  if (start === null) return null;
  const first = await rowsAfter(kind, now, start, Math.min(batchRows, size));
  if (first.length === 0) return null;
  return recordPart(kind, now, start, size, first);
}
