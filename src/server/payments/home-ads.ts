import 'server-only';
import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { homeAds, places } from '@/db/schema';
import type { HomeAdResource } from '@/lib/schemas/orders';

/** The most home-page ads shown at once; more running ads take turns by how soon they end. */
export const homeAdsShown = 6;

/** The home-page ads running now (spec §9: a paid week each), each leading to its company's place. */
export async function listActiveHomeAds({
  now = new Date(),
}: {
  now?: Date;
} = {}): Promise<HomeAdResource[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: homeAds.id,
      name: homeAds.name,
      endsAt: homeAds.endsAt,
      placeId: places.id,
      placeName: places.name,
      city: places.city,
      logo: places.logoUrl,
      banner: places.bannerUrl,
    })
    .from(homeAds)
    .innerJoin(places, eq(places.id, homeAds.placeId))
    .where(and(lte(homeAds.startsAt, now), gt(homeAds.endsAt, now), isNull(places.hiddenAt)))
    .orderBy(asc(homeAds.endsAt), asc(homeAds.id))
    .limit(homeAdsShown);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    place: { id: r.placeId, name: r.placeName, city: r.city, image: r.banner ?? r.logo },
    ends_at: r.endsAt.toISOString(),
  }));
}
