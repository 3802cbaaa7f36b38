import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';

/**
 * Issue 30: what a family or a wheelchair user needs to know before going (a step-free entrance, a changing
 * table, parking…), as catalogue data the admin extends in both languages. Places and events keep the ids in
 * their `attribute_ids` arrays; removing an attribute takes it out of those arrays in the same transaction.
 */
export const attributes = pg.pgTable(
  'attributes',
  {
    id: pg.serial('id').primaryKey(),
    slug: pg.varchar('slug', { length: 60 }).notNull().unique('attributes_slug_uq'),
    // The group the forms, the pages and the filters show it in.
    group: pg.varchar('group', { length: 20 }).notNull(),
    // A lucide icon's name, always drawn next to the words, never alone.
    icon: pg.varchar('icon', { length: 40 }).notNull(),
    namePl: pg.varchar('name_pl', { length: 100 }).notNull(),
    nameEn: pg.varchar('name_en', { length: 100 }).notNull(),
    forPlaces: pg.boolean('for_places').notNull().default(true),
    forEvents: pg.boolean('for_events').notNull().default(true),
    position: pg.integer('position').notNull().default(0),
  },
  (t) => [
    pg.check('attributes_group_check', sql`${t.group} in ('accessibility', 'family', 'other')`),
    pg.check('attributes_applies_check', sql`${t.forPlaces} or ${t.forEvents}`),
  ],
);

export type Attribute = typeof attributes.$inferSelect;
