import 'server-only';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '@/db/client';
import { foldWord, wordStem } from './word-forms';

/**
 * Issue 32: a searched word as the word index reads it. An event matches when one of its words (folded,
 * split where PostgreSQL's text search splits) starts with one of `prefixes`: the word's stem first, then
 * the stems of the known words it is a typo of.
 */
export interface TextTerm {
  /** The word as typed, folded: what the attribute names are matched against. */
  word: string;
  prefixes: string[];
}

const maxWords = 5;
const lettersAndDigits = /^[\p{L}\p{N}]+$/u;
// Typos are looked up for words this long; shorter ones are too alike to guess from.
const minTypoLength = 4;
const typosPerWord = 3;
// Word similarity alone takes a word for a typo of a longer one it shares a start with ("wystawa" of
// "wystarczy", 0.625); the whole words' similarity must also be 0.42 or more ("concert" and "koncert": 0.45).
const minSimilarity = 0.42;

/** The searched words, folded and split on everything but letters and digits, of two letters or more. */
export function searchWords(search: string): string[] {
  return foldWord(search)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2)
    .slice(0, maxWords);
}

/**
 * The terms of a search: each word's stem and, for a word of four letters or more, the stems of up to three
 * known words (search_dictionary) it reads as a typo of: those with a word similarity of 0.6 or more
 * (pg_trgm's `<%`, which its index answers; the rule names were matched by before issue 32), most alike
 * first, whose whole-word similarity is also 0.42 or more, leaving out the words its own stem finds anyway:
 * "filharmnia" finds "filharmonia", "jesiene" "jesienne", and "concert" finds "koncert" too. A one-letter slip
 * in a short word ("koncrt", 0.57) is below the rule, as it was before. One query for all the words. `%` and
 * `<->` (plain similarity, which would forgive those) are not used: PGlite's pg_trgm stops answering on them.
 */
export async function resolveTextTerms(db: Db, search: string | undefined): Promise<TextTerm[]> {
  const words = search ? searchWords(search) : [];
  if (!words.length) return [];
  const typos = words.filter((w) => w.length >= minTypoLength);
  // Letters and digits only (searchWords), so quoting each is all an array literal needs.
  const array = (values: string[]) => `{${values.map((v) => `"${v}"`).join(',')}}`;
  const found = typos.length
    ? rowsOf<{ typed: string; word: string }>(
        await db.execute(sql`select t.typed, d.word
          from unnest(${array(typos)}::text[], ${array(typos.map(wordStem))}::text[]) t(typed, stem)
          cross join lateral (
            select word from search_dictionary
            where t.typed <% word and similarity(t.typed, word) >= ${minSimilarity} and not starts_with(word, t.stem)
            order by word_similarity(t.typed, word) desc, similarity(t.typed, word) desc, word
            limit ${typosPerWord}
          ) d`),
      )
    : [];
  return words.map((word) => {
    const prefixes = [wordStem(word)];
    for (const row of found) {
      // A known word may be any lexeme of an event's text, a web address with a quote in it among them: only
      // letters and digits go into the query, so no organiser's text can make a search unparseable.
      if (row.typed !== word || !lettersAndDigits.test(row.word)) continue;
      const stem = wordStem(row.word);
      if (!prefixes.some((p) => stem.startsWith(p))) prefixes.push(stem);
    }
    return { word, prefixes };
  });
}

/** The term as a `tsquery` text: any of its prefixes (letters and digits only, so nothing needs quoting). */
export function termQuery(term: TextTerm): string {
  return term.prefixes.map((p) => `'${p}':*`).join(' | ');
}

/** The bytewise range of the words starting with `prefix`: [prefix, the prefix with its last letter next). */
export function prefixRange(prefix: string): { from: string; to: string; letters: number } {
  const letters = [...prefix];
  const last = letters.pop() as string;
  return {
    from: prefix,
    to: letters.join('') + String.fromCodePoint((last.codePointAt(0) as number) + 1),
    letters: letters.length + 1,
  };
}
