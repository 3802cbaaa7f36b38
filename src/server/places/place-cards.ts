import 'server-only';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { getReadDb } from '@/db/client';
import { places } from '@/db/schema';
import type { PlaceCard } from '@/lib/schemas/place-responses';
import { cachedSearch } from '@/server/search/search-cache';

/** The columns a place card needs; select them and pass each row to `toPlaceCard`. */
export const placeCardColumns = {
  id: places.id,
  name: places.name,
  city: places.city,
  street: places.street,
  stars: places.stars,
  verified: places.verified,
  logoUrl: places.logoUrl,
  bannerUrl: places.bannerUrl,
};

interface CardRow {
  id: number;
  name: string;
  city: string;
  street: string;
  stars: number;
  verified: boolean;
  logoUrl: string | null;
  bannerUrl: string | null;
}

export function toPlaceCard(r: CardRow): PlaceCard {
  return {
    id: r.id,
    name: r.name,
    city: r.city,
    street: r.street,
    stars: r.stars,
    verified: r.verified,
    logo: r.logoUrl ? { url: r.logoUrl } : null,
    banner: r.bannerUrl ? { url: r.bannerUrl } : null,
  };
}

/**
 * The newest places, for the home page slider (shared through the search cache): verified ones only, so a
 * scripted sign-up cannot put its place first on the home page (issue 26); unverified places are still
 * found by search, with their label.
 */
export function listLatestPlaceCards({ limit }: { limit: number }): Promise<PlaceCard[]> {
  return cachedSearch(`place-cards:latest:${limit}`, () => loadLatestPlaceCards(limit));
}

async function loadLatestPlaceCards(limit: number): Promise<PlaceCard[]> {
  const db = await getReadDb();
  const rows = await db
    .select(placeCardColumns)
    .from(places)
    .where(and(isNull(places.hiddenAt), eq(places.verified, true)))
    .orderBy(desc(places.createdAt), desc(places.id))
    .limit(limit);
  return rows.map(toPlaceCard);
}
