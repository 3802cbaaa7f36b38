import { and, asc, count, desc, eq, exists, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { getDb } from '../../db/client';
import { placeCategories, places } from '../../db/schema';
import type { AuthUser } from '../auth/access-tokens';
import { forbidden } from '../errors';
import { placeCardColumns, toPlaceCard } from './place-cards';

export interface PlaceListFilters {
  search?: string;
  categoryId?: number;
  city?: string;
  orderBy?: 'latest' | 'name' | 'stars' | 'popular';
  page: number;
  perPage: number;
}

const fold = (column: SQL | AnyPgColumn) => sql`f_unaccent(lower(${column}))`;

/** Spec §7 GET /api/place: a page of places, newest first unless asked otherwise. */
export async function listPlaces(filters: PlaceListFilters) {
  const db = await getDb();
  const where: SQL[] = [];
  if (filters.search) {
    const term = filters.search.trim();
    where.push(
      sql`(${fold(places.name)} like '%' || f_unaccent(lower(${term})) || '%' or ${fold(places.name)} % f_unaccent(lower(${term})))`,
    );
  }
  if (filters.city) where.push(sql`${fold(places.city)} = f_unaccent(lower(${filters.city.trim()}))`);
  if (filters.categoryId) {
    where.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(placeCategories)
          .where(
            and(eq(placeCategories.placeId, places.id), eq(placeCategories.categoryId, filters.categoryId)),
          ),
      ),
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const order =
    filters.orderBy === 'name'
      ? [asc(places.name)]
      : filters.orderBy === 'stars'
        ? [desc(places.stars), desc(places.id)]
        : filters.orderBy === 'popular'
          ? [desc(places.visitCount), desc(places.id)]
          : [desc(places.createdAt), desc(places.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...placeCardColumns, lat: places.lat, lng: places.lng })
      .from(places)
      .where(condition)
      .orderBy(...order)
      .limit(filters.perPage)
      .offset((filters.page - 1) * filters.perPage),
    db.select({ n: count() }).from(places).where(condition),
  ]);
  const n = total?.n ?? 0;
  return {
    data: rows.map((r) => ({ ...toPlaceCard(r), lat: r.lat, lng: r.lng })),
    current_page: filters.page,
    last_page: Math.max(1, Math.ceil(n / filters.perPage)),
    per_page: filters.perPage,
    total: n,
  };
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
      logoUrl: places.logoUrl,
    })
    .from(places)
    .where(eq(places.userId, actor.id))
    .orderBy(asc(places.id));
}
