import type { Locale } from '@/lib/locale';
import { type FeedFilters, type FeedFormat, feedFilterKeys } from './feed-query';

const extensions: Record<FeedFormat, string> = { ics: 'ics', rss: 'rss', json: 'json' };

/** The media types of the formats, as the answers and the pages' `<link rel="alternate">` name them. */
export const feedTypes: Record<FeedFormat, string> = {
  ics: 'text/calendar',
  rss: 'application/rss+xml',
  json: 'application/feed+json',
};

/** The query of a feed's address: the filters given, in one order, so equal searches share one address. */
export function feedQueryString(filters: FeedFilters, lang?: Locale): string {
  const query = new URLSearchParams();
  for (const key of feedFilterKeys) {
    const value = filters[key];
    if (value === undefined || value === '' || (key === 'max_distance' && value === 0)) continue;
    query.set(key, String(value));
  }
  if (lang) query.set('lang', lang);
  return query.size ? `?${query}` : '';
}

/** The absolute address, on the portal at `origin`, of the feed of `filters` in `format`. */
export function feedUrl(origin: string, format: FeedFormat, filters: FeedFilters, lang?: Locale): string {
  return `${origin}/api/feed/events.${extensions[format]}${feedQueryString(filters, lang)}`;
}

export interface FeedLinks {
  /** The calendar for a calendar app's subscription (webcal:), and the same over http(s). */
  webcal: string;
  ics: string;
  rss: string;
  json: string;
}

/** Every address a page offers for the feed of `filters`. */
export function feedLinks(origin: string, filters: FeedFilters, lang: Locale): FeedLinks {
  const ics = feedUrl(origin, 'ics', filters, lang);
  return {
    webcal: ics.replace(/^https?:/, 'webcal:'),
    ics,
    rss: feedUrl(origin, 'rss', filters, lang),
    json: feedUrl(origin, 'json', filters, lang),
  };
}
