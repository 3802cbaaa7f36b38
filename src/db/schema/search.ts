import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';

/**
 * Issue 32: one row per word of a public event (its `search_words`), written by triggers on `events`
 * (migration 0025), never by the application. The key (word, event_id) carries, in INCLUDE, everything a
 * pg.text search with prices filters and sorts on, so it is counted and paged from the pg.index alone.
 * `word` is compared bytewise (COLLATE "C", set by the migration), so a word prefix is an pg.index range.
 */
export const eventWords = pg.pgTable(
  'event_words',
  {
    word: pg.text('word').notNull(),
    eventId: pg.integer('event_id').notNull(),
    // Letters this word shares with the event's previous word in byte order: the first of an event's words
    // starting with a prefix of n letters is the one with `lcp < n`, so a prefix counts each event once.
    lcp: pg.smallint('lcp').notNull(),
    // The languages the event is written in: 1 Polish, 2 English (f_event_langs).
    langs: pg.smallint('langs').notNull(),
    startDate: pg.timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: pg.timestamp('end_date', { withTimezone: true }).notNull(),
    priceMin: pg.integer('price_min'),
    priceMax: pg.integer('price_max'),
  },
  (t) => [pg.primaryKey({ name: 'event_words_pk', columns: [t.word, t.eventId] })],
);

/** Issue 32: every word of four letters or more the events have used, where a typo finds its word. */
export const searchDictionary = pg.pgTable(
  'search_dictionary',
  { word: pg.text('word').primaryKey() },
  (t) => [pg.index('search_dictionary_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);
