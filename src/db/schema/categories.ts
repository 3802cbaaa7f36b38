import * as pg from 'drizzle-orm/pg-core';

export const categories = pg.pgTable('categories', {
  id: pg.serial('id').primaryKey(),
  slug: pg.varchar('slug', { length: 60 }).notNull().unique('categories_slug_uq'),
  namePl: pg.varchar('name_pl', { length: 100 }).notNull(),
  nameEn: pg.varchar('name_en', { length: 100 }).notNull(),
  imageUrl: pg.text('image_url'),
  position: pg.integer('position').notNull().default(0),
});

export const languages = pg.pgTable('languages', {
  id: pg.serial('id').primaryKey(),
  code: pg.varchar('code', { length: 10 }).notNull().unique('languages_code_uq'),
  namePl: pg.varchar('name_pl', { length: 100 }).notNull(),
  nameEn: pg.varchar('name_en', { length: 100 }).notNull(),
});

export type Category = typeof categories.$inferSelect;
export type Language = typeof languages.$inferSelect;
