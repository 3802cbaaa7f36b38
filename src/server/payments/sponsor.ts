import { type SQL, sql } from 'drizzle-orm';
import { users } from '@/db/schema';

/**
 * Issue 28, EU DSA art. 26: whoever paid for a promotion or a home-page ad, as its label names them:
 * the company name, else the person's name, else `fallback` (a name of theirs the row itself carries).
 * Read from `users` joined in the same query, never a query per card.
 */
export function sponsorNameSql(fallback: SQL | unknown): SQL<string | null> {
  return sql<string | null>`coalesce(nullif(btrim(${users.companyName}), ''),
    nullif(btrim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${fallback})`;
}
