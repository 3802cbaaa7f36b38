import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { categories } from './categories';
import { contentLanguage, createdAt, hiddenAt, ownedBy, updatedAt, virtualWalk } from './columns';
import { earthPoint, searchWords } from './earth';
import { eventImports } from './imports';
import { places } from './places';
import { users } from './users';

// Prices in grosze. The address is copied from the place on save so an event can be found by it
// even if the place moves later.
export const events = pg.pgTable(
  'events',
  {
    id: pg.serial('id').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    placeId: ownedBy('place_id', () => places.id),
    categoryId: pg
      .integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: pg.varchar('name', { length: 200 }).notNull(),
    description: pg.text('description'),
    placeName: pg.varchar('place_name', { length: 200 }),
    // Issue 31: `name`, `description` and `place_name` are written in `lang`.
    ...contentLanguage(),
    street: pg.varchar('street', { length: 200 }),
    postcode: pg.varchar('postcode', { length: 12 }),
    city: pg.varchar('city', { length: 100 }).notNull(),
    lat: pg.doublePrecision('lat'),
    lng: pg.doublePrecision('lng'),
    startDate: pg.timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: pg.timestamp('end_date', { withTimezone: true }).notNull(),
    // Issue 29: null is "not given" (an imported calendar says nothing of prices or places), never 0, which
    // would read as free entry or sold out. The form always gives them.
    priceMin: pg.integer('price_min').default(0),
    priceMax: pg.integer('price_max').default(0),
    spotsLeft: pg.integer('spots_left').default(0),
    buyTicketUrl: pg.text('buy_ticket_url'),
    bannerUrl: pg.text('banner_url'),
    ...virtualWalk(),
    hiddenAt: hiddenAt(),
    visitCount: pg.integer('visit_count').notNull().default(0),
    // Issue 17: an event made by a calendar import, found again by the VEVENT's UID on the next run.
    // The import is deleted without its events (set null). Issue 29: the UID is unique per place, so the
    // same calendar imported again (another file, or as a URL) updates the events it made.
    importId: pg
      .integer('import_id')
      .references((): pg.AnyPgColumn => eventImports.id, { onDelete: 'set null' }),
    importUid: pg.text('import_uid'),
    // Issue 17: a series. `repeatRule` is an RFC 5545 RRULE read in Warsaw wall-clock time from
    // `seriesStart` (DTSTART; `seriesEnd` is the first date's end). `startDate`/`endDate` then hold the
    // series' current date (the first one not over), moved on by the series job, so every list and
    // search shows a series once, at its next date.
    repeatRule: pg.text('repeat_rule'),
    seriesStart: pg.timestamp('series_start', { withTimezone: true }),
    seriesEnd: pg.timestamp('series_end', { withTimezone: true }),
    // Issue 32: the words of every language's texts (folded: lower case, no diacritics), as the search reads
    // them. `event_words` holds the same words one row each, with what a pg.text search filters and sorts on.
    searchWords: searchWords('search_words').generatedAlwaysAs(
      sql`strip(to_tsvector('simple'::regconfig, f_search_document(name, description, place_name, city, translations)))`,
    ),
    // Issue 30: ids from the `attributes` catalogue, as on places (GIN-indexed for "has all of these").
    attributeIds: pg.integer('attribute_ids').array().notNull().default(sql`'{}'::integer[]`),
    earth: earthPoint('earth').generatedAlwaysAs(sql`ll_to_earth(lat, lng)::cube`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    pg.index('events_search_words_idx').using('gin', t.searchWords),
    pg.index('events_user_idx').on(t.userId),
    pg.index('events_place_idx').on(t.placeId),
    pg.index('events_category_start_idx').on(t.categoryId, t.startDate),
    pg.index('events_start_idx').on(t.startDate),
    pg.index('events_end_idx').on(t.endDate),
    // Migration 0011 carries price_min and price_max in it (INCLUDE, which Drizzle's builder lacks): a
    // broad search counts its first 10,001 public upcoming matches from this pg.index alone.
    pg.index('events_public_end_idx').on(t.endDate).where(sql`${t.hiddenAt} is null`),
    pg.index('events_created_at_idx').on(t.createdAt),
    pg.uniqueIndex('events_place_import_uid_idx').on(t.placeId, t.importUid),
    pg.index('events_series_idx').on(t.endDate).where(sql`${t.repeatRule} is not null`),
    pg.index('events_visit_count_idx').on(t.visitCount),
    pg.index('events_price_idx').on(t.priceMin, t.priceMax),
    pg.index('events_city_idx').on(sql`f_unaccent(lower(${t.city}))`),
    // The list page's usual narrowing: a city, often a category, and upcoming dates.
    pg
      .index('events_city_category_start_idx')
      .on(sql`f_unaccent(lower(${t.city}))`, t.categoryId, t.startDate),
    // Migration 0006 adds INCLUDE (end_date, start_date, user_id, id), which Drizzle cannot declare, so a distance
    // search counts its matches from the pg.index alone.
    pg.index('events_earth_idx').using('gist', t.earth),
    pg.index('events_attribute_ids_idx').using('gin', t.attributeIds),
    // Issue 30: a date range as one GiST range scan; migration 0023 adds INCLUDE (start_date, end_date,
    // hidden_at, attribute_ids, price_min, price_max, id), so the usual filters are checked in the pg.index alone.
    pg.index('events_dates_idx').using('gist', sql`tstzrange(${t.startDate}, ${t.endDate}, '[]')`),
    pg.check('events_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    pg.check('events_prices_check', sql`${t.priceMin} >= 0 and ${t.priceMax} >= ${t.priceMin}`),
    pg.check('events_spots_check', sql`${t.spotsLeft} >= 0`),
    pg.check(
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
export const eventOccurrences = pg.pgTable(
  'event_occurrences',
  {
    eventId: ownedBy('event_id', () => events.id),
    originalStart: pg.timestamp('original_start', { withTimezone: true }).notNull(),
    startDate: pg.timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: pg.timestamp('end_date', { withTimezone: true }).notNull(),
  },
  (t) => [
    pg.primaryKey({ name: 'event_occurrences_pk', columns: [t.eventId, t.originalStart] }),
    pg.index('event_occurrences_event_start_idx').on(t.eventId, t.startDate),
    // Issue 30: the series with a date in a range; migration 0023 adds INCLUDE (event_id, start_date, end_date).
    pg.index('event_occurrences_dates_idx').using('gist', sql`tstzrange(${t.startDate}, ${t.endDate}, '[]')`),
    pg.check('event_occurrences_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/**
 * One date of a series the owner cancelled (`newStart` null) or moved (EXDATE / RECURRENCE-ID); an
 * imported date that only has a title of its own is "moved" to where it was.
 */
export const eventExceptions = pg.pgTable(
  'event_exceptions',
  {
    eventId: ownedBy('event_id', () => events.id),
    originalStart: pg.timestamp('original_start', { withTimezone: true }).notNull(),
    newStart: pg.timestamp('new_start', { withTimezone: true }),
    newEnd: pg.timestamp('new_end', { withTimezone: true }),
    // Issue 29: a date's own title (an imported override's SUMMARY), when it is not the series'.
    name: pg.varchar('name', { length: 200 }),
  },
  (t) => [
    pg.primaryKey({ name: 'event_exceptions_pk', columns: [t.eventId, t.originalStart] }),
    pg.check(
      'event_exceptions_move_check',
      sql`(${t.newStart} is null and ${t.newEnd} is null) or (${t.newStart} is not null and ${t.newEnd} >= ${t.newStart})`,
    ),
  ],
);

export const eventImages = pg.pgTable(
  'event_images',
  {
    id: pg.serial('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    url: pg.text('url').notNull(),
    isDefault: pg.boolean('is_default').notNull().default(false),
    position: pg.integer('position').notNull().default(0),
  },
  (t) => [pg.index('event_images_event_idx').on(t.eventId, t.position)],
);

export const eventMovies = pg.pgTable(
  'event_movies',
  {
    id: pg.serial('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    youtube: pg.varchar('youtube', { length: 20 }).notNull(),
    position: pg.integer('position').notNull().default(0),
  },
  (t) => [pg.index('event_movies_event_idx').on(t.eventId, t.position)],
);

export const eventFavourites = pg.pgTable(
  'event_favourites',
  {
    userId: ownedBy('user_id', () => users.id),
    eventId: ownedBy('event_id', () => events.id),
    createdAt: createdAt(),
  },
  (t) => [
    pg.primaryKey({ name: 'event_favourites_pk', columns: [t.userId, t.eventId] }),
    pg.index('event_favourites_event_idx').on(t.eventId),
  ],
);

export const calendarEntries = pg.pgTable(
  'calendar_entries',
  {
    userId: ownedBy('user_id', () => users.id),
    eventId: ownedBy('event_id', () => events.id),
    // Set when the day-before reminder was sent, so it is sent once.
    remindedAt: pg.timestamp('reminded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    pg.primaryKey({ name: 'calendar_entries_pk', columns: [t.userId, t.eventId] }),
    pg.index('calendar_entries_event_idx').on(t.eventId),
  ],
);

export type Event = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;
