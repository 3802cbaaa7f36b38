import { getLocale, getTranslations } from 'next-intl/server';
import { getConfig } from '@/config';
import type { FeedFilters } from '@/lib/feeds/feed-query';
import { feedLinks, feedTypes } from '@/lib/feeds/feed-urls';
import type { Locale } from '@/lib/locale';
import type { EventSearchQuery } from '@/lib/schemas/search';
import type { FeedAlternate } from '@/web/seo-metadata';

/** The feeds of `filters` as the page head's `<link rel="alternate">` (seo-metadata.ts withFeeds). */
export async function feedAlternates(filters: FeedFilters): Promise<FeedAlternate[]> {
  const [t, locale] = await Promise.all([getTranslations('feeds'), getLocale()]);
  const links = feedLinks(getConfig().publicUrl, filters, locale as Locale);
  return [
    { type: feedTypes.rss, url: links.rss, title: t('alternate_rss') },
    { type: feedTypes.ics, url: links.ics, title: t('alternate_ics') },
    { type: feedTypes.json, url: links.json, title: t('alternate_json') },
  ];
}

/** The filters of a /list search that a feed takes (its order and page are the list's own). */
export function listFeedFilters(q: EventSearchQuery): FeedFilters {
  const { search, localization, category_id, price_min, price_max, date_from, date_end } = q;
  const { max_distance, lat, lng } = q;
  return {
    search,
    localization,
    category_id,
    price_min,
    price_max,
    date_from,
    date_end,
    max_distance,
    lat,
    lng,
  };
}
