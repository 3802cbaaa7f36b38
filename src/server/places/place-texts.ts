import 'server-only';
import type { places } from '@/db/schema';
import { textsIn } from '@/lib/content-language';
import { isLocale, type Locale } from '@/lib/locale';
import type { PlaceTexts } from '@/lib/schemas/place-responses';

// Issue 31: a place's texts in the languages its owner wrote them in: the row's own columns and
// `translations`, and the attractions' and additional infos' rows, each marked with its language.

/** An attraction or an additional info as stored. */
export interface PlaceListRow {
  lang: string;
  name: string;
}

/**
 * A place's attractions or additional infos as shown: the list of the language asked for when it has
 * entries, else the place's own language's, else the other's; `lang` null when there is none.
 */
export function shownList(
  rows: PlaceListRow[],
  want: Locale,
  own: string,
): { items: { name: string }[]; lang: Locale | null } {
  const lang = [want, own, 'pl', 'en'].filter(isLocale).find((l) => rows.some((r) => r.lang === l)) ?? null;
  return { items: rows.filter((r) => r.lang === lang).map((r) => ({ name: r.name })), lang };
}

/** Every language's texts of a place, as its owner edits them ('' and [] where none is written). */
export function placeTextsByLanguage(
  place: Pick<typeof places.$inferSelect, 'name' | 'description' | 'lang' | 'translations'>,
  attractions: PlaceListRow[],
  infos: PlaceListRow[],
): Record<Locale, PlaceTexts> {
  const own = { name: place.name, description: place.description };
  const of = (lang: Locale): PlaceTexts => ({
    ...textsIn(place, own, lang),
    attractions: attractions.filter((a) => a.lang === lang).map((a) => a.name),
    additional_infos: infos.filter((i) => i.lang === lang).map((i) => i.name),
  });
  return { pl: of('pl'), en: of('en') };
}
