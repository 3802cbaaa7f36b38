import 'server-only';
import { and, desc, eq, gt, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { getReadDb } from '@/db/client';
import {
  eventImages,
  eventOccurrences,
  eventPromotions,
  events,
  type places,
  type Translations,
  users,
} from '@/db/schema';
import { shownText } from '@/lib/content-language';
import { toPln } from '@/lib/format';
import type { Locale } from '@/lib/locale';
import type { EventCard } from '@/lib/schemas/event-responses';
import { type AttributeNamer, attributeNamer } from '@/server/attributes/catalogue';
import { sponsorNameSql } from '@/server/payments/sponsor';
import { type CardRegistration, cardRegistrationSql } from '@/server/registrations/card-state';
import { cachedSearch } from '@/server/search/search-cache';

/**
 * Issue 31: the other languages' texts an event's or a place's card shows (all but the description, which may be
 * long), as JSON; null for a row written in one language.
 */
export const cardTranslationsOf = (
  translations: SQL | typeof events.translations | typeof places.translations,
) =>
  sql<Translations | null>`(select jsonb_object_agg(l.key, l.value - 'description') from jsonb_each(${translations}) l)`;

/** The columns an event card needs (from `events`); select them and pass each row to `toEventCard`. */
export const eventCardColumns = {
  id: events.id,
  name: events.name,
  lang: events.lang,
  cardTranslations: cardTranslationsOf(events.translations),
  city: events.city,
  placeName: events.placeName,
  startDate: events.startDate,
  endDate: events.endDate,
  priceMin: events.priceMin,
  priceMax: events.priceMax,
  categoryId: events.categoryId,
  bannerUrl: events.bannerUrl,
  // The default photo, else the first one.
  imageUrl: sql<string | null>`(
    select ${eventImages.url} from ${eventImages}
    where ${eventImages.eventId} = ${events.id}
    order by ${eventImages.isDefault} desc, ${eventImages.position} limit 1)`,
  visitCount: events.visitCount,
  attributeIds: events.attributeIds,
  registration: cardRegistrationSql(sql`${events.id}`, sql`${events.spotsLeft}`, sql`${events.startDate}`),
  // A series' next dates after the one shown (issue 17).
  alsoOn: sql<string[] | null>`(select json_agg(x.start_date order by x.start_date) from (
    select ${eventOccurrences.startDate} from ${eventOccurrences}
    where ${eventOccurrences.eventId} = ${events.id} and ${eventOccurrences.startDate} > ${events.startDate}
    order by ${eventOccurrences.startDate} limit 3) x)`,
};

export interface EventCardRow {
  id: number;
  name: string;
  /** Issue 31: the language of `name` and `placeName`, and the other languages' (see `cardTranslationsOf`). */
  lang: string;
  cardTranslations: Translations | null;
  city: string;
  placeName: string | null;
  // Raw SQL rows (the search) may carry timestamps as text.
  startDate: Date | string;
  endDate: Date | string;
  priceMin: number | null;
  priceMax: number | null;
  categoryId: number;
  bannerUrl: string | null;
  imageUrl: string | null;
  visitCount: number;
  /** Issue 30: the ids of its attributes, named by the `AttributeNamer` given to `toEventCard`. */
  attributeIds?: number[] | null;
  /** A series' next dates after the shown one (JSON timestamps), null for a single event. */
  alsoOn?: (string | Date)[] | null;
  /** Who paid for the event's running promotion (issue 28); absent or null when it is not promoted. */
  sponsor?: string | null;
  /** Issue 33: its registration state, when it takes registrations. */
  registration?: CardRegistration | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * One mapping from a row to what an event card shows; lists that show less pick from it. `named` (the
 * request's `attributeNamer`, read once for all the rows) is left out only by the lists whose schema
 * picks no attributes (a place's events, a company's own). Without `locale` (a company's own list) the
 * texts are shown as first written.
 */
export function toEventCard(r: EventCardRow, named?: AttributeNamer, locale?: Locale): EventCard {
  const texts = { lang: r.lang, translations: r.cardTranslations ?? {} };
  const name = shownText(texts, r.name, 'name', locale ?? (r.lang as Locale));
  const placeName = shownText(texts, r.placeName, 'place_name', locale ?? (r.lang as Locale));
  return {
    id: r.id,
    name: name?.text ?? r.name,
    lang: name?.lang ?? 'pl',
    city: r.city,
    place_name: placeName?.text ?? r.placeName,
    start_date: iso(r.startDate),
    end_date: iso(r.endDate),
    price_min: toPln(r.priceMin),
    price_max: toPln(r.priceMax),
    category: { id: r.categoryId },
    banner: r.bannerUrl ? { url: r.bannerUrl } : null,
    image: r.imageUrl ? { url: r.imageUrl } : null,
    visit_count: r.visitCount,
    attributes: named ? named(r.attributeIds) : [],
    also_on: (r.alsoOn ?? []).map(iso),
    sponsor: r.sponsor ?? null,
    registration: r.registration ?? null,
  };
}

export type EventCardOrder = 'latest' | 'popular' | 'promoted';

/**
 * Cards for the home page's sliders; only events that have not ended yet. One query, its answer
 * shared through the search cache unless a clock is given.
 */
export function listEventCards({
  order,
  limit,
  locale,
  now,
}: {
  order: EventCardOrder;
  limit: number;
  locale: Locale;
  now?: Date;
}): Promise<EventCard[]> {
  if (now) return loadEventCards(order, limit, locale, now);
  return cachedSearch(`event-cards:${order}:${limit}:${locale}`, () =>
    loadEventCards(order, limit, locale, new Date()),
  );
}

async function loadEventCards(
  order: EventCardOrder,
  limit: number,
  locale: Locale,
  now: Date,
): Promise<EventCard[]> {
  const [db, named] = await Promise.all([getReadDb(), attributeNamer(locale)]);
  const upcoming = and(gt(events.endDate, now), isNull(events.hiddenAt)) as SQL;
  const rows: EventCardRow[] =
    order === 'promoted'
      ? await db
          // The label names who paid (DSA art. 26): the owner, joined here rather than asked per card.
          .select({ ...eventCardColumns, sponsor: sponsorNameSql(events.placeName) })
          .from(events)
          .innerJoin(eventPromotions, eq(eventPromotions.eventId, events.id))
          .innerJoin(users, eq(users.id, events.userId))
          .where(and(upcoming, lte(eventPromotions.startsAt, now), gt(eventPromotions.endsAt, now)))
          .orderBy(events.startDate)
          .limit(limit)
      : await db
          .select(eventCardColumns)
          .from(events)
          .where(upcoming)
          .orderBy(order === 'popular' ? desc(events.visitCount) : desc(events.createdAt), desc(events.id))
          .limit(limit);
  return rows.map((r) => toEventCard(r, named, locale));
}
