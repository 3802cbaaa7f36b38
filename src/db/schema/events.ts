import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { categories } from './categories';
import { contentLanguage, createdAt, hiddenAt, ownedBy, updatedAt, virtualWalk } from './columns';
import { earthPoint, searchWords } from './earth';
import { eventImports } from './imports';
import { places } from './places';
import { users } from './users';

// Prices in grosze. The address is copied from the place on save so an event can be found by it
// even if the place moves later.
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    placeId: ownedBy('place_id', () => places.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 200 }).notNull(),
    description: text('description'),
    placeName: varchar('place_name', { length: 200 }),
    // Issue 31: `name`, `description` and `place_name` are written in `lang`.
    ...contentLanguage(),
    street: varchar('street', { length: 200 }),
    postcode: varchar('postcode', { length: 12 }),
    city: varchar('city', { length: 100 }).notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    // Issue 29: null is "not given" (an imported calendar says nothing of prices or places), never 0, which
    // would read as free entry or sold out. The form always gives them.
    priceMin: integer('price_min').default(0),
    priceMax: integer('price_max').default(0),
    spotsLeft: integer('spots_left').default(0),
    buyTicketUrl: text('buy_ticket_url'),
    bannerUrl: text('banner_url'),
    ...virtualWalk(),
    hiddenAt: hiddenAt(),
    visitCount: integer('visit_count').notNull().default(0),
    // Issue 17: an event made by a calendar import, found again by the VEVENT's UID on the next run.
    // The import is deleted without its events (set null). Issue 29: the UID is unique per place, so the
    // same calendar imported again (another file, or as a URL) updates the events it made.
    importId: integer('import_id').references((): AnyPgColumn => eventImports.id, { onDelete: 'set null' }),
    importUid: text('import_uid'),
    // Issue 17: a series. `repeatRule` is an RFC 5545 RRULE read in Warsaw wall-clock time from
    // `seriesStart` (DTSTART; `seriesEnd` is the first date's end). `startDate`/`endDate` then hold the
    // series' current date (the first one not over), moved on by the series job, so every list and
    // search shows a series once, at its next date.
    repeatRule: text('repeat_rule'),
    seriesStart: timestamp('series_start', { withTimezone: true }),
    seriesEnd: timestamp('series_end', { withTimezone: true }),
    // Issue 32: the words of every language's texts (folded: lower case, no diacritics), as the search reads
    // them. `event_words` holds the same words one row each, with what a text search filters and sorts on.
    searchWords: searchWords('search_words').generatedAlwaysAs(
      sql`strip(to_tsvector('simple'::regconfig, f_search_document(name, description, place_name, city, translations)))`,
    ),
    // Issue 30: ids from the `attributes` catalogue, as on places (GIN-indexed for "has all of these").
    attributeIds: integer('attribute_ids').array().notNull().default(sql`'{}'::integer[]`),
    earth: earthPoint('earth').generatedAlwaysAs(sql`ll_to_earth(lat, lng)::cube`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('events_search_words_idx').using('gin', t.searchWords),
    index('events_user_idx').on(t.userId),
    index('events_place_idx').on(t.placeId),
    index('events_category_start_idx').on(t.categoryId, t.startDate),
    index('events_start_idx').on(t.startDate),
    index('events_end_idx').on(t.endDate),
    // Migration 0011 carries price_min and price_max in it (INCLUDE, which Drizzle's builder lacks): a
    // broad search counts its first 10,001 public upcoming matches from this index alone.
    index('events_public_end_idx').on(t.endDate).where(sql`${t.hiddenAt} is null`),
    index('events_created_at_idx').on(t.createdAt),
    uniqueIndex('events_place_import_uid_idx').on(t.placeId, t.importUid),
    index('events_series_idx').on(t.endDate).where(sql`${t.repeatRule} is not null`),
    index('events_visit_count_idx').on(t.visitCount),
    index('events_price_idx').on(t.priceMin, t.priceMax),
    index('events_city_idx').on(sql`f_unaccent(lower(${t.city}))`),
    // The list page's usual narrowing: a city, often a category, and upcoming dates.
    index('events_city_category_start_idx').on(sql`f_unaccent(lower(${t.city}))`, t.categoryId, t.startDate),
    // Migration 0006 adds INCLUDE (end_date, start_date, user_id, id), which Drizzle cannot declare, so a distance
    // search counts its matches from the index alone.
    index('events_earth_idx').using('gist', t.earth),
    index('events_attribute_ids_idx').using('gin', t.attributeIds),
    // Issue 30: a date range as one GiST range scan; migration 0023 adds INCLUDE (start_date, end_date,
    // hidden_at, attribute_ids, price_min, price_max, id), so the usual filters are checked in the index alone.
    index('events_dates_idx').using('gist', sql`tstzrange(${t.startDate}, ${t.endDate}, '[]')`),
    check('events_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check('events_prices_check', sql`${t.priceMin} >= 0 and ${t.priceMax} >= ${t.priceMin}`),
    check('events_spots_check', sql`${t.spotsLeft} >= 0`),
    check(
      'events_series_check',
      sql`${t.repeatRule} is null or (${t.seriesStart} is not null and ${t.seriesEnd} >= ${t.seriesStart})`,
    ),
  ],
);

/**
 * The dates of a series (issue 17), written whenever the series is saved: every date the rule gives
 * within the horizon, moved ones at their new time, cancelled ones left out (they are in
 * `eventExceptions`). `originalStart` is the date's RECURRENCE-ID.
 */
export const eventOccurrences = pgTable(
  'event_occurrences',
  {
    eventId: ownedBy('event_id', () => events.id),
    originalStart: timestamp('original_start', { withTimezone: true }).notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'event_occurrences_pk', columns: [t.eventId, t.originalStart] }),
    index('event_occurrences_event_start_idx').on(t.eventId, t.startDate),
    // Issue 30: the series with a date in a range; migration 0023 adds INCLUDE (event_id, start_date, end_date).
    index('event_occurrences_dates_idx').using('gist', sql`tstzrange(${t.startDate}, ${t.endDate}, '[]')`),
    check('event_occurrences_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/**
 * One date of a series the owner cancelled (`newStart` null) or moved (EXDATE / RECURRENCE-ID); an
 * imported date that only has a title of its own is "moved" to where it was.
 */
export const eventExceptions = pgTable(
  'event_exceptions',
  {
    eventId: ownedBy('event_id', () => events.id),
    originalStart: timestamp('original_start', { withTimezone: true }).notNull(),
    newStart: timestamp('new_start', { withTimezone: true }),
    newEnd: timestamp('new_end', { withTimezone: true }),
    // Issue 29: a date's own title (an imported override's SUMMARY), when it is not the series'.
    name: varchar('name', { length: 200 }),
  },
  (t) => [
    primaryKey({ name: 'event_exceptions_pk', columns: [t.eventId, t.originalStart] }),
    check(
      'event_exceptions_move_check',
      sql`(${t.newStart} is null and ${t.newEnd} is null) or (${t.newStart} is not null and ${t.newEnd} >= ${t.newStart})`,
    ),
  ],
);

export const eventImages = pgTable(
  'event_images',
  {
    id: serial('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    url: text('url').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('event_images_event_idx').on(t.eventId, t.position)],
);

export const eventMovies = pgTable(
  'event_movies',
  {
    id: serial('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    youtube: varchar('youtube', { length: 20 }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('event_movies_event_idx').on(t.eventId, t.position)],
);

export const eventFavourites = pgTable(
  'event_favourites',
  {
    userId: ownedBy('user_id', () => users.id),
    eventId: ownedBy('event_id', () => events.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'event_favourites_pk', columns: [t.userId, t.eventId] }),
    index('event_favourites_event_idx').on(t.eventId),
  ],
);

export const calendarEntries = pgTable(
  'calendar_entries',
  {
    userId: ownedBy('user_id', () => users.id),
    eventId: ownedBy('event_id', () => events.id),
    // Set when the day-before reminder was sent, so it is sent once.
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'calendar_entries_pk', columns: [t.userId, t.eventId] }),
    index('calendar_entries_event_idx').on(t.eventId),
  ],
);

export type Event = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;
