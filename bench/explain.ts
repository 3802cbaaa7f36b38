import { sql } from 'drizzle-orm';
import { rowsOf } from '@/db/client';
import { defaultLocale } from '@/lib/locale';
import { eventSearchQuerySchema, placeSearchQuerySchema } from '@/lib/schemas/search';
import { resolveAttributeFilters } from '@/server/attributes/catalogue';
import { placeSearchStatement } from '@/server/places/list-places';
import { eventSearchStatement } from '@/server/search/search-events';
import { resolveTextTerms } from '@/server/search/text-terms';
import { runWithDb } from '../scripts/cli';
import { benchPlaceSearches, benchSearches } from './queries';

// npm run bench:explain: runs EXPLAIN ANALYZE on the very statement GET /api/event (or /api/place) sends for each
// benchmark search, and prints the indexes it uses and its planning and execution times (run after
// seed:bench).
await runWithDb(
  async ({ db }) => {
    const statements = [
      ...(await Promise.all(
        Object.entries(benchSearches).map(async ([name, query]) => {
          const parsed = eventSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
          // Issue 30: the attribute slugs resolved to ids, as searchEvents does before the statement.
          const q = { ...parsed, ...(await resolveAttributeFilters(parsed, 'event')) };
          // Issue 32: the words and their typos' known words, looked up as searchEvents does.
          return [name, eventSearchStatement(q, new Date(), await resolveTextTerms(db, q.search))] as const;
        }),
      )),
      ...(await Promise.all(
        Object.entries(benchPlaceSearches).map(async ([name, query]) => {
          const parsed = placeSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
          const q = { ...parsed, locale: defaultLocale, ...(await resolveAttributeFilters(parsed, 'place')) };
          const openAt = q.open_at ? new Date(q.open_at) : q.open_now ? new Date() : null;
          return [name, placeSearchStatement(q, openAt)] as const;
        }),
      )),
    ];
    for (const [name, statement] of statements) {
      // The first run loads the unaccent rules and warms the cache; the second is the one shown.
      await db.execute(statement);
      const rows = rowsOf<Record<string, string>>(await db.execute(sql`explain analyze ${statement}`));
      const plan = rows.map((r) => Object.values(r)[0]).join('\n');
      const indexes = [...new Set(plan.match(/Index (?:Only )?Scan (?:using|on) \w+/g) ?? [])];
      const times = plan.match(/(Planning|Execution) Time: [\d.]+ ms/g) ?? [];
      console.log(`${name}: ${indexes.length ? indexes.join(', ') : 'NO INDEX'}; ${times.join(', ')}`);
      if (process.argv.includes('--verbose')) console.log(plan);
    }
  },
  { migrate: false },
);
