import 'server-only';
import { and, eq, gt, gte, lte, ne, type SQL, sql } from 'drizzle-orm';
import { getReadDb, rowsOf } from '@/db/client';
import {
  eventImages,
  eventOccurrences,
  eventPromotions,
  events,
  places,
  premiumSettings,
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
import { toEventCard } from '@/server/events/event-cards';
import { sponsorNameSql } from '@/server/payments/sponsor';
import { defaultPlanIdSql } from '@/server/plans/effective-plan';
import { arcOf, chordBetween, chordOf, earthPoint } from './earth';
import { cachedSearch } from './search-cache';

const fold = (value: SQL) => sql`f_unaccent(lower(${value}))`;

/**
 * Words of a free-text search, each of which must match somewhere (name, description, place, city).
 * `viaIndex` false keeps the trigram indexes out of the plan (`|| ''` makes the expressions
 * unindexable): when the city + category btree already leaves a few hundred rows, checking the words
 * on those rows is three times faster than intersecting them with the thousands the trigrams return.
 */
function textConditions(
  search: string,
  viaIndex: boolean,
  attributeWords: Record<string, number[]> = {},
): SQL[] {
  const words = search
    .split(/\s+/)
    .map((w) => w.replace(/[%_\\]/g, ''))
    .filter((w) => w.length >= 2)
    .slice(0, 5);
  // The stored, folded search_text answers substrings from one trigram index; typos are forgiven on the
  // name only (pg_trgm word similarity, `<%`), where a whole long description would make it slow.
  const searchText = viaIndex ? sql`${events.searchText}` : sql`(${events.searchText} || '')`;
  const name = viaIndex ? fold(sql`${events.name}`) : sql`(${fold(sql`${events.name}`)} || '')`;
  return words.map((word) => {
    const term = fold(sql`${word}`);
    // Issue 30: a word naming attributes ("przewijak") also finds the events having one of them.
    const named = attributesNamedBy(attributeWords, word);
    const having = named ? sql` or ${events.attributeIds} && ${intArray(named)}::integer[]` : sql``;
    return sql`(${searchText} like '%' || ${term} || '%' or ${term} <% ${name}${having})`;
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
export function eventSearchStatement(q: EventSearch, now: Date): SQL {
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
  if (timed) {
    where.push(sql`(${sql.join(timeConditions(sql`${events}`), sql` and `)}
      or (${events.repeatRule} is not null and exists (select 1 from ${eventOccurrences} o
      where o.event_id = ${events.id} and ${occurrenceInRange(sql`o`)})))`);
  }
  // DESIGN.md: public lists show events that have not ended unless a date filter says otherwise
  // ("happening" asks for events not ended by itself).
  if (q.upcoming || !(q.date_from || q.date_end)) where.push(gt(events.endDate, now));
  // Hidden by a moderator (or with a blocked owner): never public.
  where.push(sql`${events.hiddenAt} is null`);
  if (q.search) where.push(...textConditions(q.search, !(q.localization && q.category_id), q.attributeWords));
  // Issue 30: every attribute asked for; `@>` on the array is served by its GIN index.
  if (q.attributeIds?.length)
    where.push(sql`${events.attributeIds} @> ${intArray(q.attributeIds)}::integer[]`);
  if (q.localization) where.push(sql`${fold(sql`${events.city}`)} = ${fold(sql`${q.localization}`)}`);
  if (q.category_id) where.push(eq(events.categoryId, q.category_id));
  if (q.place_id) where.push(eq(events.placeId, q.place_id));
  if (q.company_id) where.push(eq(events.userId, q.company_id));
  if (q.other) where.push(ne(events.id, q.other));
  // Spec §7: the client sends price_min only above 1 and price_max only below 99999. An unknown price
  // (null, an imported calendar's, issue 29) matches no price filter: it is neither free nor in a range.
  if (q.price_min !== undefined) where.push(gte(events.priceMax, Math.round(q.price_min * 100)));
  if (q.price_max !== undefined) where.push(lte(events.priceMin, Math.round(q.price_max * 100)));

  const moment = sql`${now.toISOString()}::timestamptz`;
  const promotedNow = (eventId: SQL | unknown) => sql`exists (select 1 from ${eventPromotions}
    where ${eventPromotions.eventId} = ${eventId} and ${eventPromotions.startsAt} <= ${moment} and ${eventPromotions.endsAt} > ${moment})`;
  const activePromotion = promotedNow(events.id);
  if (q.only_promoted) where.push(activePromotion);

  const point = q.lat !== undefined && q.lng !== undefined ? earthPoint(q.lat, q.lng) : null;
  const defaultBonus = sql`select coalesce((select ${premiumSettings.bonusDistance} from ${premiumSettings}
    where ${premiumSettings.id} = ${defaultPlanIdSql}), 0)`;
  const chord = point ? chordBetween(point, events.earth) : sql`null::float8`;
  const withPlan = Boolean(point && q.max_distance);
  if (point && q.max_distance) {
    // A plan's bonus_distance widens the radius for that company's events (DESIGN.md); the box uses
    // the largest bonus so the GiST index still narrows the rows first. Only the few companies with a
    // bonus get a radius of their own (the `bonus` CTE); every other row is compared with a constant.
    where.push(
      sql`earth_box(${point}, (${q.max_distance}::float8 + (select coalesce(max(${premiumSettings.bonusDistance}), 0) from ${premiumSettings})) * 1000) @> ${events.earth}`,
      // No join for it: a join would keep the nearest-first walk of the earth index from being used.
      // The effective plan (plans/effective-plan.ts) split in two for the index: a company's own plan's
      // bonus from the `bonus` CTE, else the default plan's.
      sql`(${chord} <= ${chordOf(sql`${q.max_distance}::float8 * 1000`)}
        or ${chord} <= coalesce(
          (select bonus.chord_limit from bonus where bonus.user_id = ${events.userId}),
          ${chordOf(sql`(${q.max_distance}::float8 + (${defaultBonus})) * 1000`)}))`,
    );
  }

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
      case 'price_asc':
        return [sql`${events.priceMin}`, sql`${events.startDate}`, 'asc'];
      case 'price_desc':
        // Unknown prices (null) come last both ways: Postgres puts nulls first in a descending order.
        return [sql`coalesce(${events.priceMax}, -1)`, sql`${events.startDate}`, 'desc'];
      case 'stars':
        return [sql`${places.stars}`, sql`${events.startDate}`, 'desc'];
      default:
        return [sql`${events.startDate}`, sql`null::timestamptz`, 'asc'];
    }
  })();
  const orderOf = (table: string) => sql.raw(`${table}k1 ${direction}, ${table}k2 asc, ${table}id asc`);
  // Nearest first: the page is cut at the distance of its last row, found by walking the earth index
  // nearest-first (KNN) for page × per_page rows; only the matches inside that distance are sorted,
  // with the id breaking ties exactly as in any other order.
  const nearestFirst = q.order_by === 'closest' && point !== null;
  // A narrow search has few matches: they are read once, then counted and sorted. A broad one (or a
  // nearest-first one) is counted from an index and its page read in index order, each on its own.
  const narrow =
    !nearestFirst &&
    Boolean(
      q.search ||
        q.localization ||
        q.category_id ||
        q.attributeIds?.length ||
        q.place_id ||
        q.company_id ||
        q.max_distance ||
        q.only_promoted,
    );
  const needsPlace = q.order_by === 'stars';

  const image = sql`(select ${eventImages.url} from ${eventImages} where ${eventImages.eventId} = e.id
    order by ${eventImages.isDefault} desc, ${eventImages.position} limit 1)`;

  // Every company with a running plan of its own, whatever its bonus: one of 0 overrides a default
  // plan's. An ended plan counts as none (effective-plan.ts).
  const bonus = sql`bonus as materialized (
      select ${users.id} as user_id, ${chordOf(sql`(${q.max_distance}::float8 + ${premiumSettings.bonusDistance}) * 1000`)} as chord_limit
      from ${users} join ${premiumSettings} on ${premiumSettings.id} = ${users.premiumSettingId}
      where ${users.premiumUntil} is null or ${users.premiumUntil} > now()
    ),`;

  const matching = sql`from ${events}
      ${needsPlace ? sql`join ${places} on ${places.id} = ${events.placeId}` : sql``}
      where ${and(...where)}`;
  const reach = sql`reach as (
      select max(nearest.chord) as chord from (
        select ${chord} as chord ${matching} order by ${chord} limit ${page * perPage}
      ) nearest
    ),`;

  return sql`
    with ${withPlan ? bonus : sql``} ${nearestFirst ? reach : sql``}
    matches as ${narrow ? sql`materialized` : sql`not materialized`} (
      select ${events.id} as id, ${k1} as k1, ${k2} as k2, ${chord} as chord
        ${nearestFirst ? sql`, ${events.earth} as earth` : sql``} ${matching}
    ),
    page as (
      select id, k1, k2, chord from matches
      ${
        // The cube around the point holds every match within the reach, so the index finds them.
        nearestFirst && point
          ? sql`where cube_enlarge(${point}, (select chord from reach), 3) @> earth
              and chord <= (select chord from reach)`
          : sql``
      }
      order by ${orderOf('')} limit ${perPage} offset ${(page - 1) * perPage}
    )
    select counted.total, e.id, e.name, e.city, e.place_id, e.place_name,
      coalesce(shown.start_date, e.start_date) as start_date, coalesce(shown.end_date, e.end_date) as end_date,
      e.price_min, e.price_max, e.category_id, e.banner_url, ${image} as image_url, e.visit_count,
      e.lat, e.lng, e.attribute_ids, p.stars, pr.promoted, ${arcOf(sql`page.chord`)} as distance,
      ${alsoOnAfter(sql`e.id`, sql`coalesce(shown.start_date, e.start_date)`)} as also_on,
      case when pr.promoted then ${sponsorNameSql(sql`e.place_name`)} end as sponsor
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

async function runEventSearch(q: EventSearch, now: Date): Promise<EventSearchPage> {
  const [db, named] = await Promise.all([getReadDb(), attributeNamer(q.locale ?? defaultLocale)]);
  const result = rowsOf<Row>(await db.execute(eventSearchStatement(q, now)));
  const total = Number(result[0]?.total ?? 0);
  // With no match, the one row carries only the total.
  const data = result.flatMap((r) => (r.id === null ? [] : [toSearchResult(r, r.id, named)]));
  return toPage(data, total, q, { capped: true });
}

/** A match as the search answers it: the event's card with its place, map point and distance. */
function toSearchResult(r: Row, id: number, named: AttributeNamer): EventSearchResult {
  return {
    ...toEventCard(
      {
        id,
        name: r.name,
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
      },
      named,
    ),
    place_id: r.place_id,
    lat: r.lat,
    lng: r.lng,
    place: { id: r.place_id, stars: Math.round(Number(r.stars) * 10) / 10 },
    promoted: Boolean(r.promoted),
    distance_km: r.distance === null ? null : Math.round(Number(r.distance) / 100) / 10,
  };
}
