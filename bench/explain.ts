import { sql } from 'drizzle-orm';
import { rowsOf } from '@/db/client';
import { eventSearchQuerySchema } from '@/lib/schemas/search';
import { eventSearchStatement } from '@/server/search/search-events';
import { runWithDb } from '../scripts/cli';
import { benchSearches } from './queries';

// npm run bench:explain: runs EXPLAIN ANALYZE on the very statement GET /api/event sends for each
// benchmark search, and prints the indexes it uses and its planning and execution times (run after
// seed:bench).
await runWithDb(
  async ({ db }) => {
    for (const [name, query] of Object.entries(benchSearches)) {
      const q = eventSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
      const statement = eventSearchStatement(q, new Date());
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
