import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Issue 32: one row per word of a public event (its `search_words`), written by triggers on `events`
 * (migration 0025), never by the application. The key (word, event_id) carries, in INCLUDE, everything a
 * text search with prices filters and sorts on, so it is counted and paged from the index alone.
 * `word` is compared bytewise (COLLATE "C", set by the migration), so a word prefix is an index range.
 */
export const eventWords = pgTable(
  'event_words',
  {
    word: text('word').notNull(),
    eventId: integer('event_id').notNull(),
    // Letters this word shares with the event's previous word in byte order: the first of an event's words
    // starting with a prefix of n letters is the one with `lcp < n`, so a prefix counts each event once.
    lcp: smallint('lcp').notNull(),
    // The languages the event is written in: 1 Polish, 2 English (f_event_langs).
    langs: smallint('langs').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    priceMin: integer('price_min'),
    priceMax: integer('price_max'),
  },
  (t) => [primaryKey({ name: 'event_words_pk', columns: [t.word, t.eventId] })],
);

/** Issue 32: every word of four letters or more the events have used, where a typo finds its word. */
export const searchDictionary = pgTable('search_dictionary', { word: text('word').primaryKey() }, (t) => [
  index('search_dictionary_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);
