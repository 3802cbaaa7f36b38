import 'server-only';
import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { homeAds, places, users } from '@/db/schema';
import type { HomeAdResource } from '@/lib/schemas/orders';
import { sponsorNameSql } from './sponsor';

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
      // The ad's label names who paid for it (issue 28, DSA art. 26).
      sponsor: sponsorNameSql(homeAds.name),
    })
    .from(homeAds)
    .innerJoin(places, eq(places.id, homeAds.placeId))
    .innerJoin(users, eq(users.id, homeAds.userId))
    .where(and(lte(homeAds.startsAt, now), gt(homeAds.endsAt, now), isNull(places.hiddenAt)))
    .orderBy(asc(homeAds.endsAt), asc(homeAds.id))
    .limit(homeAdsShown);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    place: { id: r.placeId, name: r.placeName, city: r.city, image: r.banner ?? r.logo },
    ends_at: r.endsAt.toISOString(),
    sponsor: r.sponsor ?? r.name,
  }));
}
