import 'server-only';
import { and, asc, desc, eq, exists, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { getDb, getReadDb } from '@/db/client';
import { placeAttractions, placeCategories, places, premiumSettings, users } from '@/db/schema';
import { defaultLocale, type Locale } from '@/lib/locale';
import { pageOf, toPage } from '@/lib/schemas/pagination';
import type { PlacePage } from '@/lib/schemas/place-responses';
import type { PlaceSearchQuery } from '@/lib/schemas/search';
import {
  type AttributeFilters,
  attributeNamer,
  attributesNamedBy,
  intArray,
  resolveAttributeFilters,
} from '@/server/attributes/catalogue';
import type { AuthUser } from '@/server/auth/access-tokens';
import { forbidden } from '@/server/errors';
import { effectivePlanIdSql } from '@/server/plans/effective-plan';
import { hideByPlan, planFeatures } from '@/server/plans/features';
import { arcOf, chordBetween, chordOf, earthPoint } from '@/server/search/earth';
import { cachedSearch } from '@/server/search/search-cache';
import { placeOpenAt } from './open-now';
import { placeCardColumns, toPlaceCard } from './place-cards';

const fold = (value: SQL) => sql`f_unaccent(lower(${value}))`;

function textConditions(search: string, attributeWords: Record<string, number[]> = {}): SQL[] {
  const words = search
    .split(/\s+/)
    .map((w) => w.replace(/[%_\\]/g, ''))
    .filter((w) => w.length >= 2)
    .slice(0, 5);
  return words.map((word) => {
    const term = fold(sql`${word}`);
    const like = sql`'%' || ${term} || '%'`;
    const name = fold(sql`${places.name}`);
    const named = attributesNamedBy(attributeWords, word);
    // Each branch is served by a trigram index; the union of ids is hashed once for the outer query.
    return sql`${places.id} in (
      select ${places.id} from ${places} where ${name} like ${like} or ${term} <% ${name}
        or ${fold(sql`coalesce(${places.description}, '')`)} like ${like} or ${fold(sql`${places.city}`)} like ${like}
      union
      select ${placeAttractions.placeId} from ${placeAttractions} where ${fold(sql`${placeAttractions.name}`)} like ${like}${
        // Issue 30: a word naming attributes ("przewijak") also finds the places having one (GIN index).
        named
          ? sql`
      union
      select ${places.id} from ${places} where ${places.attributeIds} && ${intArray(named)}::integer[]`
          : sql``
      })`;
  });
}

/**
 * Spec §7 GET /api/place: the search filters that apply to places, in one SQL statement. Equal
 * searches are answered from the search cache until the data changes. `locale` names the cards'
 * attributes (and so is part of the cache key).
 */
export async function listPlaces(
  query: PlaceSearchQuery & { locale?: Locale },
  now = new Date(),
): Promise<PlacePage> {
  // Issue 30: the attribute slugs and the words naming attributes, resolved from the cached catalogue.
  const q: PlaceSearch = {
    ...query,
    locale: query.locale ?? defaultLocale,
    ...(await resolveAttributeFilters(query, 'place')),
  };
  // Open at the minute asked (hours are kept in minutes, so seconds change nothing), "open now" at the
  // current one. The minute is the key's, not the ISO text's: a kept answer is never reused once the
  // clock has moved on, and instants within one minute share one entry.
  const minuteOf = (at: Date) => new Date(Math.floor(at.getTime() / 60_000) * 60_000);
  const openAt = q.open_at ? minuteOf(new Date(q.open_at)) : q.open_now ? minuteOf(now) : null;
  const { open_at: _, ...keyed } = q;
  const key = `place:${JSON.stringify(keyed)}${openAt ? `@${openAt.toISOString()}` : ''}`;
  return cachedSearch(key, () => runPlaceSearch(q, openAt));
}

type PlaceSearch = PlaceSearchQuery & AttributeFilters & { locale: Locale };

async function runPlaceSearch(q: PlaceSearch, openAt: Date | null): Promise<PlacePage> {
  const [db, named] = await Promise.all([getReadDb(), attributeNamer(q.locale)]);
  const { perPage, page } = pageOf(q);
  const where: SQL[] = [isNull(places.hiddenAt)];
  if (q.search) where.push(...textConditions(q.search, q.attributeWords));
  // Issue 30: every attribute asked for; `@>` on the array is served by its GIN index.
  if (q.attributeIds?.length)
    where.push(sql`${places.attributeIds} @> ${intArray(q.attributeIds)}::integer[]`);
  if (q.localization) where.push(sql`${fold(sql`${places.city}`)} = ${fold(sql`${q.localization}`)}`);
  if (q.other) where.push(ne(places.id, q.other));
  if (openAt) where.push(placeOpenAt(openAt));
  if (q.category_id) {
    const categoryId = q.category_id;
    where.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(placeCategories)
          .where(and(eq(placeCategories.placeId, places.id), eq(placeCategories.categoryId, categoryId))),
      ),
    );
  }
  const point = q.lat !== undefined && q.lng !== undefined ? earthPoint(q.lat, q.lng) : null;
  const chord = point ? chordBetween(point, places.earth) : sql`null::float8`;
  if (point && q.max_distance) {
    where.push(
      sql`earth_box(${point}, (${q.max_distance}::float8 + (select coalesce(max(${premiumSettings.bonusDistance}), 0) from ${premiumSettings})) * 1000) @> ${places.earth}`,
      sql`${chord} <= ${chordOf(sql`(${q.max_distance}::float8 + coalesce(${premiumSettings.bonusDistance}, 0)) * 1000`)}`,
    );
  }
  const order =
    q.order_by === 'name'
      ? [asc(places.name)]
      : q.order_by === 'stars'
        ? [desc(places.stars)]
        : q.order_by === 'popular'
          ? [desc(places.visitCount)]
          : q.order_by === 'closest'
            ? [asc(chord)]
            : [desc(places.createdAt)];
  const query = () =>
    db
      .select({
        ...placeCardColumns,
        lat: places.lat,
        lng: places.lng,
        // The governing plan (joined below) decides whether the coordinates may be shown.
        showMap: premiumSettings.showMap,
        distance: sql<number | null>`${arcOf(chord)}`,
        total: sql<number>`count(*) over ()`,
      })
      .from(places)
      .innerJoin(users, eq(users.id, places.userId))
      .leftJoin(premiumSettings, eq(premiumSettings.id, effectivePlanIdSql()))
      .where(where.length ? and(...where) : undefined);
  const rows = await query()
    .orderBy(...order, desc(places.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    const [row] = await query().limit(1);
    total = Number(row?.total ?? 0);
  }
  const data = rows.map((r) => ({
    ...toPlaceCard(r, named),
    ...hideByPlan(planFeatures({ showMap: r.showMap ?? false }), { lat: r.lat, lng: r.lng }),
    distance_km:
      r.distance === null || r.distance === undefined ? null : Math.round(Number(r.distance) / 100) / 10,
  }));
  return toPage(data, total, q);
}

/** The company's own places for /account/places. */
export async function listOwnPlaces({ actor }: { actor: AuthUser }) {
  if (actor.role !== 'company') throw forbidden();
  const db = await getDb();
  return db
    .select({
      id: places.id,
      name: places.name,
      city: places.city,
      verified: places.verified,
      verificationState: places.verificationState,
      verificationReason: places.verificationReason,
      logoUrl: places.logoUrl,
    })
    .from(places)
    .where(eq(places.userId, actor.id))
    .orderBy(asc(places.id));
}
