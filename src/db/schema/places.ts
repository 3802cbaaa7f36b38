import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { categories, languages } from './categories';
import {
  contentLang,
  contentLanguage,
  createdAt,
  hiddenAt,
  ownedBy,
  updatedAt,
  virtualWalk,
} from './columns';
import { earthPoint, minutesOfWeek } from './earth';
import { reviewState } from './review';
import { users } from './users';

export const places = pg.pgTable(
  'places',
  {
    id: pg.serial('id').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    name: pg.varchar('name', { length: 200 }).notNull(),
    // Issue 31: `name` and `description` are written in `lang`.
    ...contentLanguage(),
    emailContact: pg.varchar('email_contact', { length: 254 }),
    phone: pg.varchar('phone', { length: 40 }),
    phone2: pg.varchar('phone2', { length: 40 }),
    phone3: pg.varchar('phone3', { length: 40 }),
    url: pg.text('url'),
    facebook: pg.text('facebook'),
    instagram: pg.text('instagram'),
    linkedIn: pg.text('linked_in'),
    ...virtualWalk(),
    description: pg.text('description'),
    city: pg.varchar('city', { length: 100 }).notNull(),
    street: pg.varchar('street', { length: 200 }).notNull(),
    postcode: pg.varchar('postcode', { length: 12 }).notNull(),
    lat: pg.doublePrecision('lat'),
    lng: pg.doublePrecision('lng'),
    // Mean of the comments' stars, kept in step by the comment writes.
    stars: pg.real('stars').notNull().default(0),
    visitCount: pg.integer('visit_count').notNull().default(0),
    verified: pg.boolean('verified').notNull().default(false),
    // The admin's review of the place (issue 14); `verified` follows it.
    verificationState: reviewState('verification_state').notNull().default('pending'),
    verificationReason: pg.text('verification_reason'),
    hiddenAt: hiddenAt(),
    logoUrl: pg.text('logo_url'),
    bannerUrl: pg.text('banner_url'),
    // Issue 30: ids from the `attributes` catalogue (step-free entrance, changing table…). An array with a GIN
    // pg.index, so "has all of these" is one `@>` the pg.index answers, combined with the other filters.
    attributeIds: pg.integer('attribute_ids').array().notNull().default(sql`'{}'::integer[]`),
    earth: earthPoint('earth').generatedAlwaysAs(sql`ll_to_earth(lat, lng)::cube`),
    // Issue 30: the weekly hours as minutes of the week, written by migration 0022's trigger on place_hours
    // (never by the application), read by "open now" (src/server/places/open-now.ts).
    openWeek: minutesOfWeek('open_week').notNull().default(sql`'{}'::int4multirange`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    pg.index('places_user_idx').on(t.userId),
    pg.index('places_created_at_idx').on(t.createdAt),
    pg
      .index('places_names_trgm_idx')
      .using(
        'gin',
        sql`f_unaccent(lower(${t.name} || ' ' || f_translated(${t.translations}, 'name'))) gin_trgm_ops`,
      ),
    pg
      .index('places_descriptions_trgm_idx')
      .using(
        'gin',
        sql`f_unaccent(lower(coalesce(${t.description}, '') || ' ' || f_translated(${t.translations}, 'description'))) gin_trgm_ops`,
      ),
    pg.index('places_city_trgm_idx').using('gin', sql`f_unaccent(lower(${t.city})) gin_trgm_ops`),
    pg.index('places_city_idx').on(sql`f_unaccent(lower(${t.city}))`),
    // Migration 0023 adds INCLUDE (hidden_at, open_week, user_id, id): "open now" within a distance is
    // then checked, and counted, in the pg.index alone (issue 30).
    pg.index('places_earth_idx').using('gist', t.earth),
    pg.index('places_attribute_ids_idx').using('gin', t.attributeIds),
    pg.check('places_stars_check', sql`${t.stars} between 0 and 5`),
  ],
);

// week_day 1 = Monday ... 7 = Sunday; closed and whole_day exclude each other and the hours.
export const placeHours = pg.pgTable(
  'place_hours',
  {
    placeId: ownedBy('place_id', () => places.id),
    weekDay: pg.smallint('week_day').notNull(),
    from: pg.time('from'),
    to: pg.time('to'),
    closed: pg.boolean('closed').notNull().default(false),
    wholeDay: pg.boolean('whole_day').notNull().default(false),
  },
  (t) => [
    pg.primaryKey({ name: 'place_hours_pk', columns: [t.placeId, t.weekDay] }),
    pg.check('place_hours_week_day_check', sql`${t.weekDay} between 1 and 7`),
    pg.check('place_hours_flags_check', sql`not (${t.closed} and ${t.wholeDay})`),
  ],
);

/**
 * Issue 30: a pg.date on which a place keeps other hours than its week's (a holiday, a one-off closure). For that
 * Warsaw pg.date it wins over `place_hours`: in "open now", on the place page and in the JSON-LD.
 */
export const placeSpecialHours = pg.pgTable(
  'place_special_hours',
  {
    placeId: ownedBy('place_id', () => places.id),
    date: pg.date('date', { mode: 'string' }).notNull(),
    from: pg.time('from'),
    to: pg.time('to'),
    closed: pg.boolean('closed').notNull().default(false),
    wholeDay: pg.boolean('whole_day').notNull().default(false),
  },
  (t) => [
    pg.primaryKey({ name: 'place_special_hours_pk', columns: [t.placeId, t.date] }),
    // "Open now" first asks which places have a special day on the pg.date or the day before.
    pg.index('place_special_hours_date_idx').on(t.date, t.placeId),
    pg.check('place_special_hours_flags_check', sql`not (${t.closed} and ${t.wholeDay})`),
  ],
);

export const placeImages = pg.pgTable(
  'place_images',
  {
    id: pg.serial('id').primaryKey(),
    placeId: ownedBy('place_id', () => places.id),
    url: pg.text('url').notNull(),
    position: pg.integer('position').notNull().default(0),
  },
  (t) => [pg.index('place_images_place_idx').on(t.placeId, t.position)],
);

export const placeMovies = pg.pgTable(
  'place_movies',
  {
    id: pg.serial('id').primaryKey(),
    placeId: ownedBy('place_id', () => places.id),
    youtube: pg.varchar('youtube', { length: 20 }).notNull(),
    position: pg.integer('position').notNull().default(0),
  },
  (t) => [pg.index('place_movies_place_idx').on(t.placeId, t.position)],
);

export const placeAttractions = pg.pgTable(
  'place_attractions',
  {
    id: pg.serial('id').primaryKey(),
    placeId: ownedBy('place_id', () => places.id),
    name: pg.varchar('name', { length: 200 }).notNull(),
    // Issue 31: each language has its own list.
    lang: contentLang(),
  },
  (t) => [
    pg.index('place_attractions_place_idx').on(t.placeId),
    pg.index('place_attractions_name_trgm_idx').using('gin', sql`f_unaccent(lower(${t.name})) gin_trgm_ops`),
  ],
);

export const placeAdditionalInfos = pg.pgTable(
  'place_additional_infos',
  {
    id: pg.serial('id').primaryKey(),
    placeId: ownedBy('place_id', () => places.id),
    name: pg.varchar('name', { length: 200 }).notNull(),
    // Issue 31: each language has its own list.
    lang: contentLang(),
  },
  (t) => [pg.index('place_additional_infos_place_idx').on(t.placeId)],
);

export const placeLanguages = pg.pgTable(
  'place_languages',
  {
    placeId: ownedBy('place_id', () => places.id),
    languageId: ownedBy('language_id', () => languages.id),
  },
  (t) => [pg.primaryKey({ name: 'place_languages_pk', columns: [t.placeId, t.languageId] })],
);

export const placeCategories = pg.pgTable(
  'place_categories',
  {
    placeId: ownedBy('place_id', () => places.id),
    categoryId: ownedBy('category_id', () => categories.id),
  },
  (t) => [
    pg.primaryKey({ name: 'place_categories_pk', columns: [t.placeId, t.categoryId] }),
    pg.index('place_categories_category_idx').on(t.categoryId),
  ],
);

// One rating per user and place (editable); the owner may answer once.
export const comments = pg.pgTable(
  'comments',
  {
    id: pg.serial('id').primaryKey(),
    placeId: ownedBy('place_id', () => places.id),
    userId: ownedBy('user_id', () => users.id),
    stars: pg.smallint('stars').notNull(),
    comment: pg.text('comment').notNull(),
    answer: pg.text('answer'),
    answeredAt: pg.timestamp('answered_at', { withTimezone: true }),
    // Not shown and not counted in the place's stars.
    hiddenAt: hiddenAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    pg.uniqueIndex('comments_place_user_uq').on(t.placeId, t.userId),
    pg.index('comments_place_created_idx').on(t.placeId, t.createdAt),
    pg.check('comments_stars_check', sql`${t.stars} between 1 and 5`),
  ],
);

export const placeFavourites = pg.pgTable(
  'place_favourites',
  {
    userId: ownedBy('user_id', () => users.id),
    placeId: ownedBy('place_id', () => places.id),
    createdAt: createdAt(),
  },
  (t) => [
    pg.primaryKey({ name: 'place_favourites_pk', columns: [t.userId, t.placeId] }),
    pg.index('place_favourites_place_idx').on(t.placeId),
  ],
);

export type Place = typeof places.$inferSelect;
export type NewPlace = typeof places.$inferInsert;
export type Comment = typeof comments.$inferSelect;
