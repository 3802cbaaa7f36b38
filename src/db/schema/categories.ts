import { integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: varchar('slug', { length: 60 }).notNull().unique('categories_slug_uq'),
  namePl: varchar('name_pl', { length: 100 }).notNull(),
  nameEn: varchar('name_en', { length: 100 }).notNull(),
  imageUrl: text('image_url'),
  position: integer('position').notNull().default(0),
});

export const languages = pgTable('languages', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 10 }).notNull().unique('languages_code_uq'),
  namePl: varchar('name_pl', { length: 100 }).notNull(),
  nameEn: varchar('name_en', { length: 100 }).notNull(),
});

export type Category = typeof categories.$inferSelect;
export type Language = typeof languages.$inferSelect;
