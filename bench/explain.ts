import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '@/db/client';
import { places } from '@/db/schema';
import { eventSearchQuerySchema, placeSearchQuerySchema } from '@/lib/schemas/search';
import { resolveAttributeFilters } from '@/server/attributes/catalogue';
import { placeOpenAt } from '@/server/places/open-now';
import { chordBetween, chordOf, earthPoint } from '@/server/search/earth';
import { eventSearchStatement } from '@/server/search/search-events';
import { runWithDb } from '../scripts/cli';
import { benchPlaceSearches, benchSearches } from './queries';

/**
 * Issue 30: the filtering core of GET /api/place for the place rows (src/server/places/list-places.ts):
 * the distance box and circle, then "open now"; the plan join and card columns are left out.
 */
function placeStatement(query: string): SQL {
  const q = placeSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  const point = earthPoint(q.lat ?? 0, q.lng ?? 0);
  const metres = sql`${q.max_distance ?? 0}::float8 * 1000`;
  const open =
    q.open_now || q.open_at ? placeOpenAt(q.open_at ? new Date(q.open_at) : new Date()) : sql`true`;
  return sql`select ${places.id} from ${places} where ${places.hiddenAt} is null
    and earth_box(${point}, ${metres}) @> ${places.earth}
    and ${chordBetween(point, places.earth)} <= ${chordOf(metres)} and ${open}
    order by ${chordBetween(point, places.earth)} limit 20`;
}

// npm run bench:explain: runs EXPLAIN ANALYZE on the very statement GET /api/event sends for each
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
          return [name, eventSearchStatement(q, new Date())] as const;
        }),
      )),
      ...Object.entries(benchPlaceSearches).map(([name, query]) => [name, placeStatement(query)] as const),
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
