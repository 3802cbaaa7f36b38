import 'server-only';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { getReadDb } from '@/db/client';
import { places, type Translations } from '@/db/schema';
import { shownText } from '@/lib/content-language';
import type { Locale } from '@/lib/locale';
import type { PlaceCard } from '@/lib/schemas/place-responses';
import { type AttributeNamer, attributeNamer } from '@/server/attributes/catalogue';
import { cardTranslationsOf } from '@/server/events/event-cards';
import { cachedSearch } from '@/server/search/search-cache';

/** The columns a place card needs; select them and pass each row to `toPlaceCard`. */
export const placeCardColumns = {
  id: places.id,
  name: places.name,
  lang: places.lang,
  cardTranslations: cardTranslationsOf(places.translations),
  city: places.city,
  street: places.street,
  stars: places.stars,
  verified: places.verified,
  logoUrl: places.logoUrl,
  bannerUrl: places.bannerUrl,
  attributeIds: places.attributeIds,
};

export interface CardRow {
  id: number;
  name: string;
  /** Issue 31: the language of `name`, and the other languages' names (see `cardTranslationsOf`). */
  lang: string;
  cardTranslations: Translations | null;
  city: string;
  street: string;
  stars: number;
  verified: boolean;
  logoUrl: string | null;
  bannerUrl: string | null;
  attributeIds: number[] | null;
}

/**
 * `named`: the request's `attributeNamer`, read once for all the rows; `locale`: the request's language, in
 * which the card names the place where it can.
 */
export function toPlaceCard(r: CardRow, named: AttributeNamer, locale: Locale): PlaceCard {
  const name = shownText({ lang: r.lang, translations: r.cardTranslations ?? {} }, r.name, 'name', locale);
  return {
    id: r.id,
    name: name?.text ?? r.name,
    lang: name?.lang ?? 'pl',
    city: r.city,
    street: r.street,
    stars: r.stars,
    verified: r.verified,
    logo: r.logoUrl ? { url: r.logoUrl } : null,
    banner: r.bannerUrl ? { url: r.bannerUrl } : null,
    attributes: named(r.attributeIds),
  };
}

/**
 * The newest places, for the home page slider (shared through the search cache): verified ones only, so a
 * scripted sign-up cannot put its place first on the home page (issue 26); unverified places are still
 * found by search, with their label.
 */
export function listLatestPlaceCards({
  limit,
  locale,
}: {
  limit: number;
  locale: Locale;
}): Promise<PlaceCard[]> {
  return cachedSearch(`place-cards:latest:${limit}:${locale}`, () => loadLatestPlaceCards(limit, locale));
}

async function loadLatestPlaceCards(limit: number, locale: Locale): Promise<PlaceCard[]> {
  const [db, named] = await Promise.all([getReadDb(), attributeNamer(locale)]);
  const rows = await db
    .select(placeCardColumns)
    .from(places)
    .where(and(isNull(places.hiddenAt), eq(places.verified, true)))
    .orderBy(desc(places.createdAt), desc(places.id))
    .limit(limit);
  return rows.map((r) => toPlaceCard(r, named, locale));
}
