import { and, asc, desc, eq, gt, gte, inArray, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { eventImages, eventPromotions, events, places, premiumSettings, users } from '../../db/schema';
import { toPln } from '../../lib/format';
import type { EventSearchQuery } from '../../lib/schemas/search';
import { warsawToDate } from '../../lib/warsaw-time';

const fold = (value: SQL) => sql`f_unaccent(lower(${value}))`;

/** Words of a free-text search, each of which must match somewhere (name, description, place, city). */
function textConditions(search: string): SQL[] {
  const words = search
    .split(/\s+/)
    .map((w) => w.replace(/[%_\\]/g, ''))
    .filter((w) => w.length >= 2)
    .slice(0, 5);
  // The stored, folded search_text answers substrings from one trigram index; typos are forgiven on the
  // name only (pg_trgm word similarity, `<%`), where a whole long description would make it slow.
  return words.map((word) => {
    const term = fold(sql`${word}`);
    return sql`(${events.searchText} like '%' || ${term} || '%' or ${term} <% ${fold(sql`${events.name}`)})`;
  });
}

const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Spec §7 GET /api/event: every filter and order in SQL that the indexes serve
 * (trigram GIN for text, GiST earth box and k-NN for distance, b-trees for dates, category and
 * prices), with the total counted alongside.
 */
export async function searchEvents(q: EventSearchQuery, now = new Date()) {
  const db = await getDb();
  const perPage = q.limit ?? q.per_page ?? 12;
  const page = q.limit ? 1 : (q.page ?? 1);
  const where: SQL[] = [];

  if (q.date_from || q.date_end) {
    if (q.date_from) where.push(gte(events.endDate, warsawToDate(q.date_from, '00:00') as Date));
    if (q.date_end) where.push(lt(events.startDate, warsawToDate(nextDay(q.date_end), '00:00') as Date));
  } else {
    // DESIGN.md: public lists show events that have not ended unless a date filter says otherwise.
    where.push(gt(events.endDate, now));
  }
  if (q.search) where.push(...textConditions(q.search));
  if (q.localization) where.push(sql`${fold(sql`${events.city}`)} = ${fold(sql`${q.localization}`)}`);
  if (q.category_id) where.push(eq(events.categoryId, q.category_id));
  if (q.place_id) where.push(eq(events.placeId, q.place_id));
  if (q.other) where.push(ne(events.id, q.other));
  // Spec §7: the client sends price_min only above 1 and price_max only below 99999.
  if (q.price_min !== undefined) where.push(gte(events.priceMax, Math.round(q.price_min * 100)));
  if (q.price_max !== undefined) where.push(lte(events.priceMin, Math.round(q.price_max * 100)));

  const activePromotion = sql`exists (select 1 from ${eventPromotions} where ${eventPromotions.eventId} = ${events.id}
    and ${eventPromotions.startsAt} <= ${now.toISOString()}::timestamptz and ${eventPromotions.endsAt} > ${now.toISOString()}::timestamptz)`;
  if (q.only_promoted) where.push(activePromotion);

  const hasPoint = q.lat !== undefined && q.lng !== undefined;
  const point = hasPoint ? sql`ll_to_earth(${q.lat}, ${q.lng})` : null;
  const here = sql`ll_to_earth(${events.lat}, ${events.lng})`;
  const distance = point ? sql<number>`earth_distance(${point}, ${here})` : sql<number>`null::float8`;
  if (point && q.max_distance) {
    // A plan's bonus_distance widens the radius for that company's events (DESIGN.md); the box uses
    // the largest bonus so the GiST index still narrows the rows first.
    where.push(
      sql`earth_box(${point}, (${q.max_distance} + (select coalesce(max(${premiumSettings.bonusDistance}), 0) from ${premiumSettings})) * 1000) @> ${here}`,
      sql`${distance} <= (${q.max_distance} + coalesce(${premiumSettings.bonusDistance}, 0)) * 1000`,
    );
  }

  const order = (() => {
    switch (q.order_by) {
      case 'promoted':
        return [desc(activePromotion), asc(events.startDate)];
      case 'latest':
        return [desc(events.createdAt)];
      case 'popular':
        return [desc(events.visitCount)];
      case 'closest':
        // The cube distance operator lets the GiST index hand rows over nearest first (k-NN).
        return point ? [asc(sql`${here} <-> ${point}`)] : [asc(distance)];
      case 'price_asc':
        return [asc(events.priceMin), asc(events.startDate)];
      case 'price_desc':
        return [desc(events.priceMax), asc(events.startDate)];
      case 'stars':
        return [desc(places.stars), asc(events.startDate)];
      default:
        return [asc(events.startDate)];
    }
  })();

  // First the page of ids (only the sort keys are computed), then the details of those rows, where the
  // per-row subqueries are cheap.
  // The page and the total are two statements sent together: a window count would make the page
  // query visit every match, where the page alone stops after a dozen index entries.
  const [pageRows, [counted]] = await Promise.all([
    db
      .select({ id: events.id, distance })
      .from(events)
      .innerJoin(places, eq(places.id, events.placeId))
      .leftJoin(users, eq(users.id, events.userId))
      .leftJoin(premiumSettings, eq(premiumSettings.id, users.premiumSettingId))
      .where(and(...where))
      .orderBy(...order, asc(events.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(events)
      .innerJoin(places, eq(places.id, events.placeId))
      .leftJoin(users, eq(users.id, events.userId))
      .leftJoin(premiumSettings, eq(premiumSettings.id, users.premiumSettingId))
      .where(and(...where)),
  ]);
  const ids = pageRows.map((r) => r.id);
  const image = sql<
    string | null
  >`(select ${eventImages.url} from ${eventImages} where ${eventImages.eventId} = ${events.id}
    order by ${eventImages.isDefault} desc, ${eventImages.position} limit 1)`;
  const details = ids.length
    ? await db
        .select({
          id: events.id,
          name: events.name,
          city: events.city,
          placeId: events.placeId,
          placeName: events.placeName,
          startDate: events.startDate,
          endDate: events.endDate,
          priceMin: events.priceMin,
          priceMax: events.priceMax,
          categoryId: events.categoryId,
          bannerUrl: events.bannerUrl,
          imageUrl: image,
          visitCount: events.visitCount,
          lat: events.lat,
          lng: events.lng,
          stars: places.stars,
          promoted: sql<boolean>`${activePromotion}`,
        })
        .from(events)
        .innerJoin(places, eq(places.id, events.placeId))
        .where(inArray(events.id, ids))
    : [];
  const byId = new Map(details.map((d) => [d.id, d]));
  const rows = pageRows.flatMap((r) => {
    const d = byId.get(r.id);
    return d ? [{ ...d, distance: r.distance }] : [];
  });

  const total = Number(counted?.n ?? 0);
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      city: r.city,
      place_id: r.placeId,
      place_name: r.placeName,
      start_date: r.startDate.toISOString(),
      end_date: r.endDate.toISOString(),
      price_min: toPln(r.priceMin),
      price_max: toPln(r.priceMax),
      category: { id: r.categoryId },
      banner: r.bannerUrl ? { url: r.bannerUrl } : null,
      image: r.imageUrl ? { url: r.imageUrl } : null,
      visit_count: r.visitCount,
      lat: r.lat,
      lng: r.lng,
      place: { id: r.placeId, stars: Math.round(r.stars * 10) / 10 },
      promoted: Boolean(r.promoted),
      distance_km:
        r.distance === null || r.distance === undefined ? null : Math.round(Number(r.distance) / 100) / 10,
    })),
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}
