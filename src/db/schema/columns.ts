import { type AnyPgColumn, integer, timestamp } from 'drizzle-orm/pg-core';

// Column shapes most tables repeat, written once. They produce the same SQL as when spelt out, so
// drizzle-kit sees no change.

/** A row's required parent: the row goes when its parent goes. */
export const ownedBy = (name: string, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: 'cascade' });

/** When the row was written, set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
