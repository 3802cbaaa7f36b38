import type { Translations } from '@/db/schema/content-language';
import { type Locale, locales } from './locale';

/**
 * Issue 31: what an organiser writes (an event's or a place's texts) in the languages she chose, and the
 * language each shown text is really in. A text falls back field by field: the asked language where it is
 * written, the row's own language otherwise, then any other.
 */

/** A text as shown, with its language; `fallback` when it is not in the language asked for. */
export interface ShownText {
  text: string;
  lang: Locale;
  fallback: boolean;
}

/** The part of a row that carries its texts: the own columns' language and the other languages. */
export interface WrittenTexts {
  lang: string;
  translations: Translations;
}

const asLocale = (lang: string): Locale => (locales.includes(lang as Locale) ? (lang as Locale) : 'pl');

const present = (text: string | null | undefined): text is string =>
  typeof text === 'string' && text.trim() !== '';

/** One field of a row in the language asked for, or in another one when it is not written in it. */
export function shownText(
  row: WrittenTexts,
  own: string | null | undefined,
  field: string,
  want: Locale,
): ShownText | null {
  const inLang = (lang: string) => (lang === row.lang ? own : row.translations[lang]?.[field]);
  const wanted = inLang(want);
  if (present(wanted)) return { text: wanted, lang: want, fallback: false };
  for (const lang of [row.lang, ...locales, ...Object.keys(row.translations)]) {
    const text = inLang(lang);
    if (present(text)) return { text, lang: asLocale(lang), fallback: true };
  }
  return null;
}

/** The texts of one language as an owner edits them: every field, '' where none is written. */
export function textsIn<F extends string>(
  row: WrittenTexts,
  own: Record<F, string | null | undefined>,
  lang: Locale,
): Record<F, string> {
  const out = {} as Record<F, string>;
  for (const field of Object.keys(own) as F[]) {
    const text = lang === row.lang ? own[field] : row.translations[lang]?.[field];
    out[field] = text ?? '';
  }
  return out;
}

/**
 * What a form gave, by language, stored as the row keeps it: the own language is the first of `order` whose
 * `required` field is written (so Polish when both are), and the other languages keep only their written fields.
 */
export function toStoredTexts<F extends string>(
  byLang: Partial<Record<Locale, Partial<Record<F, string | null | undefined>>>>,
  required: F,
  order: readonly Locale[] = locales,
): { lang: Locale; own: Partial<Record<F, string | null>>; translations: Translations } {
  const lang = order.find((l) => present(byLang[l]?.[required])) ?? order[0] ?? 'pl';
  const own: Partial<Record<F, string | null>> = {};
  for (const [field, text] of Object.entries(byLang[lang] ?? {}) as [F, string | null | undefined][]) {
    own[field] = present(text) ? text.trim() : null;
  }
  const translations: Translations = {};
  for (const other of order) {
    if (other === lang) continue;
    const written = (Object.entries(byLang[other] ?? {}) as [string, string | null | undefined][]).filter(
      (e): e is [string, string] => present(e[1]),
    );
    if (written.length > 0) translations[other] = Object.fromEntries(written.map(([f, t]) => [f, t.trim()]));
  }
  return { lang, own, translations };
}

/** The languages a row is written in, own first (for "also in English" and the sitemap's alternates). */
export function writtenLanguages(row: WrittenTexts, field: string, own: string | null | undefined): Locale[] {
  const langs: Locale[] = [];
  for (const lang of [row.lang, ...locales]) {
    const text = lang === row.lang ? own : row.translations[lang]?.[field];
    const l = asLocale(lang);
    if (present(text) && !langs.includes(l)) langs.push(l);
  }
  return langs;
}
