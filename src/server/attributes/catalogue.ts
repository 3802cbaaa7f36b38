import 'server-only';
import { asc } from 'drizzle-orm';
import { type DbOrTx, getReadDb } from '@/db/client';
import { type Attribute, attributes } from '@/db/schema';
import { type AttributeGroup, attributeGroups, maxAttributes } from '@/lib/attribute-icons';
import type { Locale } from '@/lib/locale';
import type { AttributeResource, ShownAttribute } from '@/lib/schemas/catalogue-responses';
import { fieldError } from '@/server/errors';
import { cachedSearch } from '@/server/search/search-cache';

// Issue 30: the attribute catalogue (a step-free entrance, a changing table, parking…). It is small and
// read by every search, form and page that shows attributes, so it is kept in the search cache (emptied
// by the admin's writes, server/admin/catalogue/attributes.ts) and resolved in memory: no query per row.

export type AttributeKind = 'place' | 'event';

/** The whole catalogue by group and position (cached). */
export function loadAttributes(): Promise<Attribute[]> {
  return cachedSearch('attributes', async () => {
    const rows = await (await getReadDb())
      .select()
      .from(attributes)
      .orderBy(asc(attributes.position), asc(attributes.id));
    return sortAttributes(rows);
  });
}

/** By group (accessibility, family, other), then position, then id. */
export function sortAttributes<T extends Pick<Attribute, 'group' | 'position' | 'id'>>(rows: T[]): T[] {
  const rank = (g: string) => {
    const i = attributeGroups.indexOf(g as AttributeGroup);
    return i < 0 ? attributeGroups.length : i;
  };
  return [...rows].sort((a, b) => rank(a.group) - rank(b.group) || a.position - b.position || a.id - b.id);
}

const applies = (a: Attribute, kind?: AttributeKind) =>
  kind === undefined || (kind === 'place' ? a.forPlaces : a.forEvents);

const nameIn = (a: Pick<Attribute, 'namePl' | 'nameEn'>, locale: Locale) =>
  locale === 'en' ? a.nameEn : a.namePl;

/** GET /api/attribute: the catalogue named in the request's language; `kind` keeps those that apply. */
export async function listAttributes({
  locale,
  kind,
}: {
  locale: Locale;
  kind?: AttributeKind;
}): Promise<AttributeResource[]> {
  return (await loadAttributes())
    .filter((a) => applies(a, kind))
    .map((a) => ({
      id: a.id,
      slug: a.slug,
      group: a.group as AttributeGroup,
      icon: a.icon,
      name: nameIn(a, locale),
      for_places: a.forPlaces,
      for_events: a.forEvents,
    }));
}

/** The attributes of a place or an event as the pages and the API show them, in catalogue order. */
export function shownAttributes(
  catalogue: Attribute[],
  ids: readonly number[],
  locale: Locale,
): ShownAttribute[] {
  if (ids.length === 0) return [];
  const wanted = new Set(ids);
  return catalogue
    .filter((a) => wanted.has(a.id))
    .map((a) => ({ slug: a.slug, name: nameIn(a, locale), icon: a.icon, group: a.group as AttributeGroup }));
}

/** Names a row's attribute ids in one language, for a card (`toEventCard`, `toPlaceCard`). */
export type AttributeNamer = (ids: readonly number[] | null | undefined) => ShownAttribute[];

/**
 * Issue 30: the cards' attributes. One cached catalogue read for a whole list of rows, whose ids are
 * selected with the rest of the row: no query per card.
 */
export async function attributeNamer(locale: Locale): Promise<AttributeNamer> {
  const catalogue = await loadAttributes();
  return (ids) => (ids?.length ? shownAttributes(catalogue, ids, locale) : []);
}

/** `shownAttributes` with the catalogue read here (one cached read for a whole page of rows). */
export async function attributesOf(ids: readonly number[], locale: Locale): Promise<ShownAttribute[]> {
  return ids.length ? shownAttributes(await loadAttributes(), ids, locale) : [];
}

/**
 * The ids of a search's `attributes=slug1,slug2`: every slug must be in the catalogue (else a 422 on
 * `attributes`). Sorted, so that equal searches share a cache entry and a plan.
 */
export async function attributeIdsOfSlugs(slugs: readonly string[]): Promise<number[]> {
  if (slugs.length === 0) return [];
  const bySlug = new Map((await loadAttributes()).map((a) => [a.slug, a.id]));
  const unknown = slugs.filter((s) => !bySlug.has(s));
  if (unknown.length)
    throw fieldError('attributes', 'validation.unknown_attribute', { slug: unknown.join(', ') });
  return [...new Set(slugs.map((s) => bySlug.get(s) as number))].sort((a, b) => a - b);
}

/**
 * A form's `attribute_ids` for a place or an event: each must exist and apply to it (else a 422 on
 * `attribute_ids`); answered deduplicated and sorted, as stored. Read inside the writing transaction.
 */
export async function checkAttributeIds(
  tx: DbOrTx,
  ids: readonly number[],
  kind: AttributeKind,
): Promise<number[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return [];
  if (unique.length > maxAttributes)
    throw fieldError('attribute_ids', 'validation.max_items', { max: maxAttributes });
  const rows = await tx.select().from(attributes);
  const known = new Map(rows.map((a) => [a.id, a]));
  const bad = unique.some((id) => {
    const a = known.get(id);
    return !a || !applies(a, kind);
  });
  if (bad) throw fieldError('attribute_ids', 'validation.invalid_option');
  return unique;
}

const fold = (s: string) => s.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l');

/**
 * Issue 30: a search word that names an attribute ("przewijak", "parking", "wózkiem") also finds the
 * places and events having it. A word of 4 letters or more matches an attribute whose Polish or English
 * name contains it (accents folded); the search ORs `attribute_ids && array[...]` into that word's
 * condition, which the GIN index on attribute_ids serves.
 */
export function attributeIdsForWord(catalogue: Attribute[], word: string, kind: AttributeKind): number[] {
  const w = fold(word.trim());
  if (w.length < 4) return [];
  return catalogue
    .filter((a) => applies(a, kind) && (fold(a.namePl).includes(w) || fold(a.nameEn).includes(w)))
    .map((a) => a.id);
}

/** For each word of a free-text search, the attributes it names (empty map when none). */
export async function attributeWords(
  search: string | undefined,
  kind: AttributeKind,
): Promise<Record<string, number[]>> {
  if (!search) return {};
  const words = search
    .split(/\s+/)
    .map((w) => w.replace(/[%_\\]/g, ''))
    .filter((w) => w.length >= 4);
  if (words.length === 0) return {};
  const catalogue = await loadAttributes();
  // Keyed by the visitor's words: no prototype, so "constructor" names nothing.
  const out: Record<string, number[]> = Object.create(null);
  for (const word of words) {
    const ids = attributeIdsForWord(catalogue, word, kind);
    if (ids.length) out[word] = ids;
  }
  return out;
}

/** What a search needs of the catalogue, resolved once before its statement is built. */
export interface AttributeFilters {
  /** The ids of `attributes=`: the result must have all of them. */
  attributeIds?: number[];
  /** For each search word naming attributes, their ids. */
  attributeWords?: Record<string, number[]>;
}

/** Resolves a search's `attributes` slugs (422 for an unknown one) and its words naming attributes. */
export async function resolveAttributeFilters(
  q: { attributes?: string[]; search?: string },
  kind: AttributeKind,
): Promise<AttributeFilters> {
  const [ids, words] = await Promise.all([
    attributeIdsOfSlugs(q.attributes ?? []),
    attributeWords(q.search, kind),
  ]);
  return {
    ...(ids.length ? { attributeIds: ids } : {}),
    ...(Object.keys(words).length ? { attributeWords: words } : {}),
  };
}

/** The ids as an SQL integer array literal's elements, for `@>` and `&&` (the GIN indexes serve both). */
export const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/** The attributes a search word names, read only from the map's own keys (the words are the visitor's). */
export const attributesNamedBy = (words: Record<string, number[]> | undefined, word: string) =>
  words && Object.hasOwn(words, word) ? words[word] : undefined;
