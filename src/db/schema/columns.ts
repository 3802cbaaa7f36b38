import * as pg from 'drizzle-orm/pg-core';
import type { Translations } from './content-language';
import { reviewState } from './review';

// Column shapes most tables repeat, written once. They produce the same SQL as when spelt out, so
// drizzle-kit sees no change.

/** A row's required parent: the row goes when its parent goes. */
export const ownedBy = (name: string, parent: () => pg.AnyPgColumn) =>
  pg.integer(name).notNull().references(parent, { onDelete: 'cascade' });

/** When the row was written, set by the database. */
export const createdAt = () => pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row was last changed; set on insert by the database, on update by the code that writes it. */
export const updatedAt = () => pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Hidden by an admin (a report upheld): gone from every public answer until restored. */
export const hiddenAt = () => pg.timestamp('hidden_at', { withTimezone: true });

/** Issue 31: the language a row's texts are written in. */
export const contentLang = () => pg.varchar('lang', { length: 8 }).notNull().default('pl');

/**
 * Issue 31: a row's own texts are written in `lang`; the other languages' texts are in `translations` by
 * language and field ({"en": {"name": …}}), so a third language needs no new column.
 */
export const contentLanguage = () => ({
  lang: contentLang(),
  translations: pg.jsonb('translations').$type<Translations>().notNull().default({}),
});

/**
 * A virtual walk's link and the admin's review of it (issue 14); `virtualWalkVerified` follows
 * `walkState`, so the public pages read one boolean.
 */
export const virtualWalk = () => ({
  virtualWalkUrl: pg.text('virtual_walk_url'),
  virtualWalkVerified: pg.boolean('virtual_walk_verified').notNull().default(false),
  walkState: reviewState('walk_state').notNull().default('pending'),
  walkReason: pg.text('walk_reason'),
});
