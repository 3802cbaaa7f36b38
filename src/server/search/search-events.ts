import 'server-only';
import { and, eq, gt, gte, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { getReadDb, rowsOf } from '@/db/client';
import {
  eventImages,
  eventOccurrences,
  eventPromotions,
  events,
  eventWords,
  places,
  type Translations,
  users,
} from '@/db/schema';
import { defaultLocale, type Locale } from '@/lib/locale';
import type { EventSearchPage, EventSearchResult } from '@/lib/schemas/event-responses';
import { countCap, pageOf, toPage } from '@/lib/schemas/pagination';
import type { EventSearchQuery, Happening } from '@/lib/schemas/search';
import { dateToWarsaw, warsawToDate } from '@/lib/warsaw-time';
import {
  type AttributeFilters,
  type AttributeNamer,
  attributeNamer,
  attributesNamedBy,
  intArray,
  resolveAttributeFilters,
} from '@/server/attributes/catalogue';
import { cardTranslationsOf, toEventCard } from '@/server/events/event-cards';
import { sponsorNameSql } from '@/server/payments/sponsor';
import { type CardRegistration, cardRegistrationSql } from '@/server/registrations/card-state';
import { arcOf, chordBetween, earthPoint } from './earth';
import { folded } from './folded';
import { planReach } from './plan-reach';
import { cachedSearch } from './search-cache';
import { prefixRange, resolveTextTerms, type TextTerm, termQuery } from './text-terms';

/**
 * Words of a free-text search, each of which must match somewhere (any language's name or description, the
 * place, the city): one of the event's words starts with one of the term's prefixes (issue 32). `viaIndex`
 * false keeps the words' GIN index out of the plan: when the city + category btree already leaves a few
 * hundred rows, checking the words on those rows is faster than intersecting them with the index's thousands.
 */
function textConditions(
  terms: TextTerm[],
  viaIndex: boolean,
  attributeWords: Record<string, number[]> = {},
): SQL[] {
  const words = viaIndex ? sql`${events.searchWords}` : sql`coalesce(${events.searchWords}, ''::tsvector)`;
  return terms.map((term) => {
    // Issue 30: a word naming attributes ("przewijak") also finds the events having one of them.
    const named = attributesNamedBy(attributeWords, term.word);
    const having = named ? sql` or ${events.attributeIds} && ${intArray(named)}::integer[]` : sql``;
    return sql`(${words} @@ to_tsquery('simple', ${termQuery(term)})${having})`;
  });
}

const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Issue 30: an event is happening now when it has started and not ended; tonight when it overlaps today's
 * 18:00 to midnight in Warsaw and has not ended yet (after midnight, "today" is the new day).
 */
export function happeningWindow(
  happening: Happening,
  now: Date,
): { endsAfter: Date; startsBefore: { at: Date; inclusive: boolean } } {
  if (happening === 'now') return { endsAfter: now, startsBefore: { at: now, inclusive: true } };
  const today = dateToWarsaw(now).date;
  const evening = warsawToDate(today, '18:00') as Date;
  const midnight = warsawToDate(nextDay(today), '00:00') as Date;
  return {
    endsAfter: evening > now ? evening : now,
    startsBefore: { at: midnight, inclusive: false },
  };
}

type Row = {
  total: number;
  id: number | null;
  name: string;
  lang: string;
  card_translations: Translations | null;
  city: string;
  place_id: number;
  place_name: string | null;
  start_date: Date | string;
  end_date: Date | string;
  price_min: number | null;
  price_max: number | null;
  category_id: number;
  banner_url: string | null;
  image_url: string | null;
  visit_count: number;
  lat: number | null;
  lng: number | null;
  stars: number;
  promoted: boolean;
  /** Who paid for the running promotion (issue 28), joined for the page's rows only. */
  sponsor: string | null;
  distance: number | null;
  also_on: string[] | null;
  registration: CardRegistration | null;
  attribute_ids: number[] | null;
};

/**
 * A search as GET /api/event takes it; `upcoming` keeps out ended events even inside a date range (the
 * feeds', server/feeds), and a feed's `limit` may go past the API's 100. `locale` names the cards'
 * attributes (Polish unless given), and so is part of the cache key.
 */
export type EventSearch = EventSearchQuery & { upcoming?: boolean; locale?: Locale } & AttributeFilters;

/**
 * Spec §7 GET /api/event: every filter and order in one SQL statement that the indexes serve
 * (trigram GIN for text, GiST on the stored earth point for distance, b-trees for city, category,
 * dates and prices). Equal searches are answered from the search cache until the data changes.
 */
export async function searchEvents(query: EventSearch, now?: Date): Promise<EventSearchPage> {
  // Issue 30: the attribute slugs and the words naming attributes, resolved from the cached catalogue.
  const q: EventSearch = {
    ...query,
    locale: query.locale ?? defaultLocale,
    ...(await resolveAttributeFilters(query, 'event')),
  };
  // An explicit clock is a test's or a preview's; only "now" searches are shared.
  if (now) return runEventSearch(q, now);
  return cachedSearch(`event:${JSON.stringify(q)}`, () => runEventSearch(q, new Date()));
}

/** The one statement of an event search (exported so `bench:explain` can show its plan). */
export function eventSearchStatement(q: EventSearch, now: Date, terms: TextTerm[] = []): SQL {
  const { perPage, page } = pageOf(q);
  const where: SQL[] = [];

  const rangeFrom = q.date_from ? (warsawToDate(q.date_from, '00:00') as Date) : null;
  const rangeTo = q.date_end ? (warsawToDate(nextDay(q.date_end), '00:00') as Date) : null;
  const happening = q.happening ? happeningWindow(q.happening, now) : null;
  const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
  // The dates asked for, as conditions on an event's or an occurrence's start and end.
  const timeConditions = (table: SQL) => {
    const conditions: SQL[] = [];
    if (rangeFrom) conditions.push(sql`${table}.end_date >= ${at(rangeFrom)}`);
    if (rangeTo) conditions.push(sql`${table}.start_date < ${at(rangeTo)}`);
    if (happening) {
      conditions.push(sql`${table}.end_date > ${at(happening.endsAfter)}`);
      conditions.push(
        happening.startsBefore.inclusive
          ? sql`${table}.start_date <= ${at(happening.startsBefore.at)}`
          : sql`${table}.start_date < ${at(happening.startsBefore.at)}`,
      );
    }
    return conditions;
  };
  const timed = Boolean(rangeFrom || rangeTo || happening);
  // A series (issue 17) is found by any of its dates in the range, not only the one it shows now.
  const occurrenceInRange = (table: SQL) => {
    const conditions = timeConditions(table);
    if (q.upcoming) conditions.push(sql`${table}.end_date > ${at(now)}`);
    return sql.join(conditions, sql` and `);
  };
  // Issue 30: the same dates as one range, for the GiST indexes on `tstzrange(start_date, end_date, '[]')`
  // (migration 0023). Its bounds are inclusive, so it only narrows; the exact conditions decide.
  const overlaps = (table: SQL, lowers: (Date | null | undefined)[], uppers: (Date | null | undefined)[]) => {
    const known = (ds: (Date | null | undefined)[]) => ds.filter((d): d is Date => d instanceof Date);
    const lower = known(lowers).reduce<Date | null>((a, d) => (a && a > d ? a : d), null);
    const upper = known(uppers).reduce<Date | null>((a, d) => (a && a < d ? a : d), null);
    // A window that ends before it starts holds nothing (and tstzrange would refuse it).
    if (lower && upper && lower > upper) return sql`false`;
    const bound = (d: Date | null) => (d ? at(d) : sql`null::timestamptz`);
    return sql`tstzrange(${table}.start_date, ${table}.end_date, '[]') && tstzrange(${bound(lower)}, ${bound(upper)}, '[]')`;
  };
  const lowers = [rangeFrom, happening?.endsAfter];
  const uppers = [rangeTo, happening?.startsBefore.at];
  const ownDates = sql`(${sql.join(timeConditions(sql`${events}`), sql` and `)})`;
  const hasOccurrence = sql`exists (select 1 from ${eventOccurrences} o where o.event_id = ${events.id}
    and ${overlaps(sql`o`, [...lowers, q.upcoming ? now : null], uppers)} and ${occurrenceInRange(sql`o`)})`;
  // DESIGN.md: public lists show events that have not ended unless a date filter says otherwise
  // ("happening" asks for events not ended by itself).
  if (q.upcoming || !(q.date_from || q.date_end)) where.push(gt(events.endDate, now));
  // Hidden by a moderator (or with a blocked owner): never public.
  where.push(sql`${events.hiddenAt} is null`);
  if (terms.length)
    where.push(...textConditions(terms, !(q.localization && q.category_id), q.attributeWords));
  // Issue 30: every attribute asked for; `@>` on the array is served by its GIN index.
  if (q.attributeIds?.length)
    where.push(sql`${events.attributeIds} @> ${intArray(q.attributeIds)}::integer[]`);
  if (q.localization) where.push(sql`${folded(sql`${events.city}`)} = ${folded(sql`${q.localization}`)}`);
  if (q.category_id) where.push(eq(events.categoryId, q.category_id));
  if (q.place_id) where.push(eq(events.placeId, q.place_id));
  if (q.company_id) where.push(eq(events.userId, q.company_id));
  if (q.other) where.push(ne(events.id, q.other));
  // Spec §7: the client sends price_min only above 1 and price_max only below 99999. An unknown price
  // (null, an imported calendar's, issue 29) matches no price filter: it is neither free nor in a range.
  const prices = (priceMin: PgColumn, priceMax: PgColumn) => [
    ...(q.price_min !== undefined ? [gte(priceMax, Math.round(q.price_min * 100))] : []),
    ...(q.price_max !== undefined ? [lte(priceMin, Math.round(q.price_max * 100))] : []),
  ];
  where.push(...prices(events.priceMin, events.priceMax));

  const moment = sql`${now.toISOString()}::timestamptz`;
  const promotedNow = (eventId: SQL | unknown) => sql`exists (select 1 from ${eventPromotions}
    where ${eventPromotions.eventId} = ${eventId} and ${eventPromotions.startsAt} <= ${moment} and ${eventPromotions.endsAt} > ${moment})`;
  const activePromotion = promotedNow(events.id);
  if (q.only_promoted) where.push(activePromotion);

  const point = q.lat !== undefined && q.lng !== undefined ? earthPoint(q.lat, q.lng) : null;
  const chord = point ? chordBetween(point, events.earth) : sql`null::float8`;
  const reachOf = point && q.max_distance ? planReach(q.max_distance) : null;
  if (point && reachOf) where.push(reachOf.box(point, events.earth), reachOf.within(chord, events.userId));

  // Sort keys k1 (then k2) are computed once per match; the page and the total come from the same
  // matches, so a narrow search reads its few rows once. The total stops at countCap + 1 (decision 36).
  const [k1, k2, direction] = ((): [SQL, SQL, 'asc' | 'desc'] => {
    switch (q.order_by) {
      case 'promoted':
        return [activePromotion, sql`${events.startDate}`, 'desc'];
      case 'latest':
        return [sql`${events.createdAt}`, sql`null::timestamptz`, 'desc'];
      case 'popular':
        return [sql`${events.visitCount}`, sql`null::timestamptz`, 'desc'];
      case 'closest':
        return [chord, sql`null::timestamptz`, 'asc'];
      case 'stars':
        return [sql`${places.stars}`, sql`${events.startDate}`, 'desc'];
      default:
        return dateOrPriceKeys(q.order_by, events);
    }
  })();
  const orderOf = (table: string) =>
    sql.raw(`${table}k0 asc, ${table}k1 ${direction}, ${table}k2 asc, ${table}id asc`);
  // Nearest first: the page is cut at the distance of its last row, found by walking the earth index
  // nearest-first (KNN) for page × per_page rows; only the matches inside that distance are sorted,
  // with the id breaking ties exactly as in any other order.
  const nearestFirst = q.order_by === 'closest' && point !== null;
  // Issue 31: a text search lists the events written in the asked language first, each part in the order
  // asked for (not nearest first, whose page is cut at a distance).
  const locale = q.locale ?? defaultLocale;
  const k0 =
    terms.length && !nearestFirst
      ? sql`(${events.lang} <> ${locale} and (${events.translations} -> ${locale}) is null)`
      : sql`false`;
  // A narrow search has few matches: they are read once, then counted and sorted. A broad one (or a
  // nearest-first one) is counted from an index and its page read in index order, each on its own.
  const narrow =
    !nearestFirst &&
    Boolean(
      terms.length ||
        q.localization ||
        q.category_id ||
        q.attributeIds?.length ||
        q.place_id ||
        q.company_id ||
        q.max_distance ||
        q.only_promoted,
    );
  const needsPlace = q.order_by === 'stars';
  // Issue 32: one word, at most prices, by date or price: the matches, their keys and the count come from
  // event_words' index alone (its rows are the public events' words, with dates, prices and languages).
  const [term] = terms;
  const fromWordsOnly =
    term &&
    terms.length === 1 &&
    !timed &&
    !point &&
    !(q.localization || q.category_id || q.place_id || q.company_id || q.other || q.only_promoted) &&
    !q.attributeIds?.length &&
    !attributesNamedBy(q.attributeWords ?? {}, term.word) &&
    (q.order_by === undefined || q.order_by in wordsOnlyOrders)
      ? wordsOnlyMatches(term, dateOrPriceKeys(q.order_by, eventWords), {
          k0: sql`(${eventWords.langs} & ${langBit(locale)}) = 0`,
          conditions: [gt(eventWords.endDate, now), ...prices(eventWords.priceMin, eventWords.priceMax)],
        })
      : null;

  const image = sql`(select ${eventImages.url} from ${eventImages} where ${eventImages.eventId} = e.id
    order by ${eventImages.isDefault} desc, ${eventImages.position} limit 1)`;

  const from = sql`from ${events} ${needsPlace ? sql`join ${places} on ${places.id} = ${events.placeId}` : sql``}`;
  // With dates, the events whose own dates fall in them (a GiST range scan, index-only for the usual
  // filters) and, apart, the series having another date there: one OR of both would read every row.
  const selectMatches = (columns: SQL) =>
    timed
      ? sql`select ${columns} ${from} where ${and(...where, overlaps(sql`${events}`, lowers, uppers), ownDates)}
        union all
        select ${columns} ${from} where ${and(
          ...where,
          sql`${events.repeatRule} is not null`,
          sql`not ${ownDates}`,
          hasOccurrence,
        )}`
      : sql`select ${columns} ${from} where ${and(...where)}`;
  const reach = sql`reach as (
      select max(nearest.chord) as chord from (
        ${selectMatches(sql`${chord} as chord`)} order by chord limit ${page * perPage}
      ) nearest
    ),`;

  return sql`
    with ${reachOf ? reachOf.bonusCte : sql``} ${nearestFirst ? reach : sql``}
    matches as ${narrow ? sql`materialized` : sql`not materialized`} (
      ${
        fromWordsOnly ??
        selectMatches(
          sql`${events.id} as id, ${k0} as k0, ${k1} as k1, ${k2} as k2, ${chord} as chord${nearestFirst ? sql`, ${events.earth} as earth` : sql``}`,
        )
      }
    ),
    page as (
      select id, k0, k1, k2, chord from matches
      ${
        // The cube around the point holds every match within the reach, so the index finds them.
        nearestFirst && point
          ? sql`where cube_enlarge(${point}, (select chord from reach), 3) @> earth
              and chord <= (select chord from reach)`
          : sql``
      }
      order by ${orderOf('')} limit ${perPage} offset ${(page - 1) * perPage}
    )
    select counted.total, e.id, e.name, e.lang, ${cardTranslationsOf(sql`e.translations`)} as card_translations,
      e.city, e.place_id, e.place_name,
      coalesce(shown.start_date, e.start_date) as start_date, coalesce(shown.end_date, e.end_date) as end_date,
      e.price_min, e.price_max, e.category_id, e.banner_url, ${image} as image_url, e.visit_count,
      e.lat, e.lng, e.attribute_ids, p.stars, pr.promoted, ${arcOf(sql`page.chord`)} as distance,
      ${alsoOnAfter(sql`e.id`, sql`coalesce(shown.start_date, e.start_date)`)} as also_on,
      case when pr.promoted then ${sponsorNameSql(sql`e.place_name`)} end as sponsor,
      ${cardRegistrationSql(sql`e.id`, sql`e.spots_left`, sql`e.start_date`)} as registration
    from (select count(*)::int as total from (select 1 from matches limit ${countCap + 1}) capped) counted
    left join (page join ${events} e on e.id = page.id join ${places} p on p.id = e.place_id
      join ${users} on ${users.id} = e.user_id
      cross join lateral (select ${promotedNow(sql`e.id`)} as promoted) pr
      ${
        // Inside a date range a series shows its first date there, rather than the one it shows now.
        timed
          ? sql`left join lateral (select o.start_date, o.end_date from ${eventOccurrences} o
              where e.repeat_rule is not null and o.event_id = e.id and ${occurrenceInRange(sql`o`)}
              order by o.start_date limit 1) shown on true`
          : sql`left join lateral (select null::timestamptz as start_date, null::timestamptz as end_date) shown on true`
      }) on true
    order by ${orderOf('page.')}`;
}

/** The next dates of a series after the one shown, for a card's "also on" (at most three, as JSON). */
export function alsoOnAfter(eventId: SQL, shown: SQL): SQL {
  return sql`(select json_agg(x.start_date order by x.start_date) from (
    select o.start_date from ${eventOccurrences} o where o.event_id = ${eventId} and o.start_date > ${shown}
    order by o.start_date limit 3) x)`;
}

/** The orders a search from event_words alone can take: by date (the default) or by price. */
const wordsOnlyOrders = { default: true, price_asc: true, price_desc: true } as const;

/** Sort keys by date or price, from the events or from event_words (the same columns by name). */
function dateOrPriceKeys(
  order: string | undefined,
  t: { startDate: PgColumn; priceMin: PgColumn; priceMax: PgColumn },
): [SQL, SQL, 'asc' | 'desc'] {
  switch (order) {
    case 'price_asc':
      return [sql`${t.priceMin}`, sql`${t.startDate}`, 'asc'];
    case 'price_desc':
      // Unknown prices (null) come last both ways: Postgres puts nulls first in a descending order.
      return [sql`coalesce(${t.priceMax}, -1)`, sql`${t.startDate}`, 'desc'];
    default:
      return [sql`${t.startDate}`, sql`null::timestamptz`, 'asc'];
  }
}

const langBits: Record<Locale, number> = { pl: 1, en: 2 };
const langBit = (locale: Locale) => langBits[locale];

/**
 * The matches of one term from event_words: the rows whose word starts with one of its prefixes, each
 * prefix its own index-only range scan. Within one prefix an event's first such word is the one sharing
 * fewer letters than the prefix has with the event's previous word (`lcp`), so each event is read once; a
 * typo's prefix may meet the same event again, and then the rows are grouped by event.
 */
function wordsOnlyMatches(
  term: TextTerm,
  [k1, k2]: [SQL, SQL, 'asc' | 'desc'],
  { k0, conditions }: { k0: SQL; conditions: SQL[] },
): SQL {
  const scans = term.prefixes.map((prefix) => {
    const { from, to, letters } = prefixRange(prefix);
    return sql`select ${eventWords.eventId} as id, ${k0} as k0, ${k1} as k1, ${k2} as k2 from ${eventWords}
      where ${eventWords.word} >= ${from} and ${eventWords.word} < ${to} and ${eventWords.lcp} < ${letters}
        and ${and(...conditions)}`;
  });
  return scans.length === 1
    ? sql`select *, null::float8 as chord from (${scans[0]}) w`
    : sql`select id, k0, k1, k2, null::float8 as chord from (${sql.join(scans, sql` union all `)}) w
      group by 1, 2, 3, 4`;
}

async function runEventSearch(q: EventSearch, now: Date): Promise<EventSearchPage> {
  const [db, named] = await Promise.all([getReadDb(), attributeNamer(q.locale ?? defaultLocale)]);
  const terms = await resolveTextTerms(db, q.search);
  const result = rowsOf<Row>(await db.execute(eventSearchStatement(q, now, terms)));
  const total = Number(result[0]?.total ?? 0);
  // With no match, the one row carries only the total.
  const data = result.flatMap((r) =>
    r.id === null ? [] : [toSearchResult(r, r.id, named, q.locale ?? defaultLocale)],
  );
  return toPage(data, total, q, { capped: true });
}

/** A match as the search answers it: the event's card with its place, map point and distance. */
function toSearchResult(r: Row, id: number, named: AttributeNamer, locale: Locale): EventSearchResult {
  return {
    ...toEventCard(
      {
        id,
        name: r.name,
        lang: r.lang,
        cardTranslations: r.card_translations,
        city: r.city,
        placeName: r.place_name,
        startDate: r.start_date,
        endDate: r.end_date,
        priceMin: r.price_min,
        priceMax: r.price_max,
        categoryId: r.category_id,
        bannerUrl: r.banner_url,
        imageUrl: r.image_url,
        visitCount: r.visit_count,
        alsoOn: r.also_on,
        attributeIds: r.attribute_ids,
        sponsor: r.promoted ? r.sponsor : null,
        registration: r.registration,
      },
      named,
      locale,
    ),
    place_id: r.place_id,
    lat: r.lat,
    lng: r.lng,
    place: { id: r.place_id, stars: Math.round(Number(r.stars) * 10) / 10 },
    promoted: Boolean(r.promoted),
    distance_km: r.distance === null ? null : Math.round(Number(r.distance) / 100) / 10,
  };
}
