import 'server-only';
import { createHash } from 'node:crypto';
import { getConfig } from '@/config';
import { getDb } from '@/db/client';
import { translate } from '@/i18n/translate';
import {
  type FeedFilters,
  type FeedFormat,
  type FeedQuery,
  feedFilterKeys,
  feedMaxItems,
} from '@/lib/feeds/feed-query';
import { feedTypes, feedUrl } from '@/lib/feeds/feed-urls';
import type { Locale } from '@/lib/locale';
import { localePath } from '@/lib/locale-path';
import { type IcsSeries, loadIcsSeries } from '@/server/events/ics';
import { cachedSearch } from '@/server/search/search-cache';
import { searchEvents } from '@/server/search/search-events';
import { type FeedDocument, toFeedItem } from './feed-document';
import { nameFeed } from './feed-title';
import { renderIcs } from './render-ics';
import { renderJsonFeed } from './render-json-feed';
import { renderRss } from './render-rss';

export interface Feed {
  body: string;
  /** A strong validator of the body (RFC 9110 §8.8.3), quoted. */
  etag: string;
  contentType: string;
}

const renderers: Record<FeedFormat, (doc: FeedDocument) => string> = {
  ics: renderIcs,
  rss: renderRss,
  json: renderJsonFeed,
};

// The list page takes these filters too; a place's or a company's feed has the place page, or the list.
const listKeys = ['search', 'localization', 'category_id', 'price_min', 'price_max', 'date_from', 'date_end'];

function homePath(filters: FeedFilters): string {
  if (filters.place_id) return `/places/${filters.place_id}`;
  const query = new URLSearchParams();
  for (const key of [...listKeys, 'max_distance', 'lat', 'lng'] as const) {
    const value = filters[key as keyof FeedFilters];
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  return `/list${query.size ? `?${query}` : ''}`;
}

// DTSTAMP says when the calendar was written: it changes with every rendering, not with the events, so
// the validator leaves it out (an unchanged feed keeps its ETag after the cache has expired).
const etagOf = (body: string) =>
  `"${createHash('sha256')
    .update(body.replace(/^DTSTAMP:.*$/gm, ''))
    .digest('base64url')
    .slice(0, 32)}"`;

/**
 * Issue 17: the next events (at most `feedMaxItems`, by start) of a search as a calendar or a feed. It is
 * one search (searchEvents) and is kept in the search cache with it, so any change to what it shows
 * empties both; a feed costs nothing more than its search until then.
 */
export function getFeed({
  format,
  query,
  locale,
}: {
  format: FeedFormat;
  query: FeedQuery;
  locale: Locale;
}): Promise<Feed> {
  const filters: FeedFilters = {};
  for (const key of feedFilterKeys) {
    if (query[key] !== undefined) Object.assign(filters, { [key]: query[key] });
  }
  return cachedSearch(
    `feed:${format}:${locale}:${JSON.stringify(filters)}`,
    async () => {
      const origin = getConfig().publicUrl;
      const [found, title] = await Promise.all([
        // With its own clock the search is not kept a second time: the cache holds the body only.
        searchEvents(
          {
            ...filters,
            order_by: 'default',
            only_promoted: false,
            limit: feedMaxItems,
            upcoming: true,
            locale,
          },
          new Date(),
        ),
        nameFeed(filters, locale),
      ]);
      // Only the calendar writes a series' rule, read for all its events at once. Not from `also_on`:
      // a series on its last date has none, and must still not lose its earlier dates in the calendar.
      const series =
        format === 'ics'
          ? await loadIcsSeries(
              await getDb(),
              found.data.map((e) => e.id),
            )
          : new Map<number, IcsSeries>();
      const doc: FeedDocument = {
        title,
        description: translate(locale, 'feeds.description', {
          max: feedMaxItems,
          brand: translate(locale, 'meta.brand'),
        }),
        locale,
        homeUrl: origin + localePath(homePath(filters), locale),
        feedUrl: feedUrl(getConfig().publicUrl, format, filters, query.lang),
        items: found.data.map((e) => ({ ...toFeedItem(e, locale, origin), series: series.get(e.id) })),
      };
      const body = renderers[format](doc);
      return { body, etag: etagOf(body), contentType: `${feedTypes[format]}; charset=utf-8` };
    },
    (feed) => Buffer.byteLength(feed.body),
  );
}

/** Whether an If-None-Match header names `etag` (a list, "*", or a weak form of it). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
