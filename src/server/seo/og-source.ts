import 'server-only';
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { eventImages, events, places } from '@/db/schema';
import type { Locale } from '@/lib/locale';

// The share preview of an event or a place (Open Graph, Twitter): the record's own picture cut to the
// 1200×630 the networks show, or, without one, a card drawn from its name, date and city in the brand's
// colours. Its address carries a version made of everything drawn, so that it may be cached for a year
// and a changed record gets a new address.

export const ogWidth = 1200;
export const ogHeight = 630;

export type OgKind = 'event' | 'place';
export type OgFormat = 'png' | 'jpg';

/** What a preview shows: the record's picture (a "/media/…" address), else the card's lines. */
export interface OgSource {
  kind: OgKind;
  id: number;
  image: string | null;
  title: string;
  /** For an event its start (ISO), for a place nothing. */
  date: string | null;
  /** City, and the place's name or street. */
  where: string[];
}

export interface OgImage {
  url: string;
  width: number;
  height: number;
  alt: string;
  type: string;
}

export function ogVersion(source: OgSource, locale: Locale): string {
  const drawn = source.image ? [source.image] : [source.title, source.date, source.where, locale];
  return createHash('sha256').update(JSON.stringify(drawn)).digest('base64url').slice(0, 12);
}

/** The preview's address (relative) and size, for the page's metadata. */
export function ogImageOf(source: OgSource, locale: Locale): OgImage {
  // A photo is sent as JPEG (a PNG of it would weigh a megabyte); the flat card as PNG.
  const format: OgFormat = source.image ? 'jpg' : 'png';
  const lang = source.image || locale === 'pl' ? '' : '&lang=en';
  return {
    url: `/api/og/${source.kind}/${source.id}.${format}?v=${ogVersion(source, locale)}${lang}`,
    width: ogWidth,
    height: ogHeight,
    alt: source.title,
    type: format === 'png' ? 'image/png' : 'image/jpeg',
  };
}

export function eventOgSource(event: {
  id: number;
  name: string;
  start_date: string;
  city: string;
  place_name: string;
  image: string | null;
}): OgSource {
  return {
    kind: 'event',
    id: event.id,
    image: event.image,
    title: event.name,
    date: event.start_date,
    where: [event.city, event.place_name],
  };
}

export function placeOgSource(place: {
  id: number;
  name: string;
  city: string;
  street: string;
  image: string | null;
}): OgSource {
  return {
    kind: 'place',
    id: place.id,
    image: place.image,
    title: place.name,
    date: null,
    where: [place.city, place.street],
  };
}

/** The source of a public event's or place's preview, read as its page reads it; null when hidden or unknown. */
export async function readOgSource(kind: OgKind, id: number): Promise<OgSource | null> {
  const db = await getDb();
  if (kind === 'place') {
    const [row] = await db
      .select({
        id: places.id,
        name: places.name,
        city: places.city,
        street: places.street,
        banner: places.bannerUrl,
      })
      .from(places)
      .where(and(eq(places.id, id), isNull(places.hiddenAt)))
      .limit(1);
    return row ? placeOgSource({ ...row, image: row.banner }) : null;
  }
  const [row] = await db
    .select({
      id: events.id,
      name: events.name,
      start: events.startDate,
      city: events.city,
      placeName: events.placeName,
      ownPlaceName: places.name,
      banner: events.bannerUrl,
    })
    .from(events)
    .innerJoin(places, eq(places.id, events.placeId))
    .where(and(eq(events.id, id), isNull(events.hiddenAt)))
    .limit(1);
  if (!row) return null;
  // The gallery's first picture as the event page orders it (event-json-ld.ts galleryOrder).
  const [first] = row.banner
    ? []
    : await db
        .select({ url: eventImages.url })
        .from(eventImages)
        .where(eq(eventImages.eventId, id))
        .orderBy(desc(eventImages.isDefault), asc(eventImages.position), asc(eventImages.id))
        .limit(1);
  return eventOgSource({
    id: row.id,
    name: row.name,
    start_date: row.start.toISOString(),
    city: row.city,
    place_name: row.placeName ?? row.ownPlaceName,
    image: row.banner ?? first?.url ?? null,
  });
}
