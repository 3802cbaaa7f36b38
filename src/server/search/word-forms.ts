/**
 * Issue 31: a searched word's stem, so that the forms of one word find each other: "koncertów", "koncerty" and
 * "koncert" all look for "koncert", "concerts" for "concert". A light suffix stripper for Polish and English
 * inflection, not a dictionary: the stem is matched as a substring of the folded text, so it only has to be a
 * prefix every form shares. A stem keeps at least four letters, which keeps short words whole.
 */

// Folded (lower case, no diacritics) endings, longest first: Polish case and number endings, English plurals.
const endings = [
  'owie',
  'ach',
  'ami',
  'ego',
  'emu',
  'ich',
  'imi',
  'owi',
  'ych',
  'ymi',
  'iem',
  'ies',
  'es',
  'om',
  'ow',
  'em',
  'ie',
  'ej',
  'a',
  'e',
  'i',
  'o',
  'u',
  'y',
  's',
];

const minStem = 4;

/** Lower case without diacritics, as the database's `f_unaccent(lower(…))` folds the texts searched. */
export function foldWord(word: string): string {
  return word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l');
}

/** The part of a word its other forms share (the whole word when it is short or has no known ending). */
export function wordStem(word: string): string {
  const folded = foldWord(word);
  for (const ending of endings) {
    if (folded.endsWith(ending) && folded.length - ending.length >= minStem) {
      return folded.slice(0, -ending.length);
    }
  }
  return folded;
}
