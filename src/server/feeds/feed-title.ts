import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { getReadDb } from '@/db/client';
import { places, users } from '@/db/schema';
import { translate } from '@/i18n/translate';
import type { FeedFilters } from '@/lib/feeds/feed-query';
import { formatPrice } from '@/lib/format';
import type { Locale } from '@/lib/locale';
import { listCategories } from '@/server/categories/list-categories';

/** 2026-12-01 as 01.12.2026, as the pages write dates. */
const dayOf = (date: string) => date.split('-').reverse().join('.');

/** The names a feed's title shows for its ids; a hidden place or a blocked company is not named. */
async function namesOf(filters: FeedFilters, locale: Locale) {
  const db = await getReadDb();
  const [category, place, company] = await Promise.all([
    filters.category_id
      ? listCategories({ locale }).then((all) => all.find((c) => c.id === filters.category_id)?.name)
      : undefined,
    filters.place_id
      ? db
          .select({ name: places.name })
          .from(places)
          .where(and(eq(places.id, filters.place_id), isNull(places.hiddenAt)))
          .then((rows) => rows[0]?.name)
      : undefined,
    filters.company_id
      ? db
          .select({ name: users.companyName })
          .from(users)
          .where(and(eq(users.id, filters.company_id), eq(users.role, 'company'), isNull(users.blockedAt)))
          .then((rows) => rows[0]?.name ?? undefined)
      : undefined,
  ]);
  return { category, place, company };
}

/**
 * What a feed is called in a calendar app or a reader (X-WR-CALNAME, the channel's title): its filters
 * in words, e.g. "Upcoming events: Concerts, in Kraków, from 01.12.2026 – Wydarzenia i Miejsca".
 */
export async function nameFeed(filters: FeedFilters, locale: Locale): Promise<string> {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(locale, `feeds.${key}`, params);
  const names = await namesOf(filters, locale);
  const parts = [
    filters.search && t('named.search', { search: filters.search }),
    names.category,
    filters.localization && t('named.city', { city: filters.localization }),
    names.place && t('named.place', { place: names.place }),
    names.company && t('named.company', { company: names.company }),
    filters.max_distance && t('named.distance', { km: filters.max_distance }),
    filters.date_from && t('named.from', { date: dayOf(filters.date_from) }),
    filters.date_end && t('named.until', { date: dayOf(filters.date_end) }),
    filters.price_min !== undefined &&
      t('named.price_from', { price: formatPrice(Math.round(filters.price_min * 100)) }),
    filters.price_max !== undefined &&
      t('named.price_to', { price: formatPrice(Math.round(filters.price_max * 100)) }),
  ].filter((p): p is string => Boolean(p));
  const what = parts.length ? t('named.some', { parts: parts.join(', ') }) : t('named.all');
  return t('title', { what, brand: translate(locale, 'meta.brand') });
}
