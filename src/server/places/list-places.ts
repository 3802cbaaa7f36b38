import 'server-only';
import { and, asc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { getDb, getReadDb, rowsOf } from '@/db/client';
import { placeAttractions, placeCategories, places, premiumSettings, users } from '@/db/schema';
import { defaultLocale, type Locale } from '@/lib/locale';
import { pageOf, toPage } from '@/lib/schemas/pagination';
import type { PlacePage } from '@/lib/schemas/place-responses';
import type { PlaceSearchQuery } from '@/lib/schemas/search';
import * as catalogue from '@/server/attributes/catalogue';
import type { AuthUser } from '@/server/auth/access-tokens';
import { forbidden } from '@/server/errors';
import { cardTranslationsOf } from '@/server/events/event-cards';
import { effectivePlanIdSql } from '@/server/plans/effective-plan';
import { hideByPlan, planFeatures } from '@/server/plans/features';
import { arcOf, chordBetween, earthPoint } from '@/server/search/earth';
import { folded } from '@/server/search/folded';
import { planReach } from '@/server/search/plan-reach';
import { cachedSearch } from '@/server/search/search-cache';
import { wordStem } from '@/server/search/word-forms';
import { placeOpenAt } from './open-now';
import { type CardRow, toPlaceCard } from './place-cards';

function textConditions(search: string, attributeWords: Record<string, number[]> = {}): SQL[] {
  const words = search
    .split(/\s+/)
    .map((w) => w.replace(/[%_\\]/g, ''))
    .filter((w) => w.length >= 2)
    .slice(0, 5);
  return words.map((word) => {
    const term = folded(sql`${word}`);
    // Issue 31: the word's stem, so its other forms match too, in every language's texts.
    const like = `%${wordStem(word)}%`;
    const names = folded(sql`${places.name} || ' ' || f_translated(${places.translations}, 'name')`);
    const descriptions = folded(
      sql`coalesce(${places.description}, '') || ' ' || f_translated(${places.translations}, 'description')`,
    );
    const named = catalogue.attributesNamedBy(attributeWords, word);
    // Each branch is served by a trigram index; the union of ids is hashed once for the outer query.
    return sql`${places.id} in (
      select ${places.id} from ${places} where ${names} like ${like} or ${term} <% ${names}
        or ${descriptions} like ${like} or ${folded(sql`${places.city}`)} like ${like}
      union
      select ${placeAttractions.placeId} from ${placeAttractions} where ${folded(sql`${placeAttractions.name}`)} like ${like}${
        // Issue 30: a word naming attributes ("przewijak") also finds the places having one (GIN index).
        named
          ? sql`
      union
      select ${places.id} from ${places} where ${places.attributeIds} && ${catalogue.intArray(named)}::integer[]`
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
    ...(await catalogue.resolveAttributeFilters(query, 'place')),
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

export type PlaceSearch = PlaceSearchQuery & catalogue.AttributeFilters & { locale: Locale };

/** A row of the statement: a card's columns (named as `toPlaceCard` reads them) and the search's own. */
type PlaceRow = Omit<CardRow, 'id'> & {
  total: number;
  id: number | null;
  lat: number | null;
  lng: number | null;
  showMap: boolean | null;
  distance: number | null;
};

async function runPlaceSearch(q: PlaceSearch, openAt: Date | null): Promise<PlacePage> {
  const [db, named] = await Promise.all([getReadDb(), catalogue.attributeNamer(q.locale)]);
  const result = rowsOf<PlaceRow>(await db.execute(placeSearchStatement(q, openAt)));
  const total = Number(result[0]?.total ?? 0);
  // With no match (or a page past the last), the one row carries only the total.
  const data = result.flatMap((r) =>
    r.id === null
      ? []
      : [
          {
            ...toPlaceCard({ ...r, id: r.id }, named, q.locale),
            ...hideByPlan(planFeatures({ showMap: r.showMap ?? false }), { lat: r.lat, lng: r.lng }),
            distance_km: r.distance === null ? null : Math.round(Number(r.distance) / 100) / 10,
          },
        ],
  );
  return toPage(data, total, q);
}

/**
 * The one statement of a place search (exported so `bench:explain` can show its plan). The matches are
 * found and counted from the place rows alone (for "open now" within a distance, from the earth index's
 * included columns alone); only the page's rows are joined to their owner's plan and card columns.
 */
export function placeSearchStatement(q: PlaceSearch, openAt: Date | null): SQL {
  const { perPage, page } = pageOf(q);
  const where: SQL[] = [isNull(places.hiddenAt)];
  if (q.search) where.push(...textConditions(q.search, q.attributeWords));
  // Issue 30: every attribute asked for; `@>` on the array is served by its GIN index.
  if (q.attributeIds?.length)
    where.push(sql`${places.attributeIds} @> ${catalogue.intArray(q.attributeIds)}::integer[]`);
  if (q.localization) where.push(sql`${folded(sql`${places.city}`)} = ${folded(sql`${q.localization}`)}`);
  if (q.other) where.push(ne(places.id, q.other));
  if (openAt) where.push(placeOpenAt(openAt));
  if (q.category_id)
    where.push(sql`exists (select 1 from ${placeCategories} where ${placeCategories.placeId} = ${places.id}
      and ${placeCategories.categoryId} = ${q.category_id})`);
  const point = q.lat !== undefined && q.lng !== undefined ? earthPoint(q.lat, q.lng) : null;
  const chord = point ? chordBetween(point, places.earth) : sql`null::float8`;
  const reachOf = point && q.max_distance ? planReach(q.max_distance) : null;
  if (point && reachOf) where.push(reachOf.box(point, places.earth), reachOf.within(chord, places.userId));
  const [k1, direction] = ((): [SQL, 'asc' | 'desc'] => {
    switch (q.order_by) {
      case 'name':
        // Issue 31: by the name the cards show, the request's language's where the place has one.
        return [
          sql`coalesce(nullif(${places.translations} -> ${q.locale} ->> 'name', ''), ${places.name})`,
          'asc',
        ];
      case 'stars':
        return [sql`${places.stars}`, 'desc'];
      case 'popular':
        return [sql`${places.visitCount}`, 'desc'];
      case 'closest':
        return [chord, 'asc'];
      default:
        return [sql`${places.createdAt}`, 'desc'];
    }
  })();
  const orderOf = (table: string) => sql.raw(`${table}k1 ${direction}, ${table}id desc`);
  // The owner's governing plan (joined for the page's rows) decides whether the coordinates may be shown.
  return sql`
    with ${reachOf ? reachOf.bonusCte : sql``}
    matches as materialized (
      select ${places.id} as id, ${k1} as k1, ${chord} as chord from ${places} where ${and(...where)}
    ),
    page as (
      select id, k1, chord from matches order by ${orderOf('')} limit ${perPage} offset ${(page - 1) * perPage}
    )
    select counted.total, p.id, p.name, p.lang, ${cardTranslationsOf(sql`p.translations`)} as "cardTranslations",
      p.city, p.street, p.stars, p.verified, p.logo_url as "logoUrl",
      p.banner_url as "bannerUrl", p.attribute_ids as "attributeIds", p.lat, p.lng, ps.show_map as "showMap",
      ${arcOf(sql`page.chord`)} as distance
    from (select count(*)::int as total from matches) counted
    left join (page join ${places} p on p.id = page.id join ${users} on ${users.id} = p.user_id
      left join ${premiumSettings} ps on ps.id = ${effectivePlanIdSql()}) on true
    order by ${orderOf('page.')}`;
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
