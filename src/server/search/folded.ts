import { type SQL, sql } from 'drizzle-orm';

/** A text as free-text search compares it: lower case, without diacritics (migration 0001's f_unaccent). */
export const folded = (value: SQL) => sql`f_unaccent(lower(${value}))`;
