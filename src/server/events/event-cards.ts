import { and, desc, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { eventImages, eventPromotions, events } from '@/db/schema';
import { toPln } from '@/lib/format';
import { cachedSearch } from '@/server/search/search-cache';

export interface EventCard {
  id: number;
  name: string;
  city: string;
  place_name: string | null;
  start_date: string;
  end_date: string;
  price_min: number;
  price_max: number;
  category: { id: number };
  banner: { url: string } | null;
  image: { url: string } | null;
  visit_count: number;
}

export type EventCardOrder = 'latest' | 'popular' | 'promoted';

/**
 * Cards for the home page's sliders; only events that have not ended yet. One query, its answer
 * shared through the search cache unless a clock is given.
 */
export function listEventCards({
  order,
  limit,
  now,
}: {
  order: EventCardOrder;
  limit: number;
  now?: Date;
}): Promise<EventCard[]> {
  if (now) return loadEventCards(order, limit, now);
  return cachedSearch(`event-cards:${order}:${limit}`, () => loadEventCards(order, limit, new Date()));
}

async function loadEventCards(order: EventCardOrder, limit: number, now: Date): Promise<EventCard[]> {
  const db = await getDb();
  const defaultImage = sql<string | null>`(
    select ${eventImages.url} from ${eventImages}
    where ${eventImages.eventId} = ${events.id}
    order by ${eventImages.isDefault} desc, ${eventImages.position} limit 1)`;
  const base = db
    .select({
      id: events.id,
      name: events.name,
      city: events.city,
      placeName: events.placeName,
      startDate: events.startDate,
      endDate: events.endDate,
      priceMin: events.priceMin,
      priceMax: events.priceMax,
      categoryId: events.categoryId,
      bannerUrl: events.bannerUrl,
      imageUrl: defaultImage,
      visitCount: events.visitCount,
    })
    .from(events);
  const upcoming: SQL = gt(events.endDate, now);
  const rows =
    order === 'promoted'
      ? await base
          .innerJoin(eventPromotions, eq(eventPromotions.eventId, events.id))
          .where(and(upcoming, lte(eventPromotions.startsAt, now), gt(eventPromotions.endsAt, now)))
          .orderBy(events.startDate)
          .limit(limit)
      : await base
          .where(upcoming)
          .orderBy(order === 'popular' ? desc(events.visitCount) : desc(events.createdAt), desc(events.id))
          .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    city: r.city,
    place_name: r.placeName,
    start_date: r.startDate.toISOString(),
    end_date: r.endDate.toISOString(),
    price_min: toPln(r.priceMin),
    price_max: toPln(r.priceMax),
    category: { id: r.categoryId },
    banner: r.bannerUrl ? { url: r.bannerUrl } : null,
    image: r.imageUrl ? { url: r.imageUrl } : null,
    visit_count: r.visitCount,
  }));
}
