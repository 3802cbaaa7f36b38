import { sql } from 'drizzle-orm';
import { runWithDb } from '../scripts/cli';
import { rowsOf } from '../src/db/client';

// npm run bench:explain: prints the plans of the search queries on the configured database, to show
// that each uses an index (run after seed:bench).
await runWithDb(
  async ({ db }) => {
    const plans: [string, ReturnType<typeof sql>][] = [
      [
        'text',
        sql`select id from events where f_unaccent(lower(name)) like '%koncert%' and end_date > now()`,
      ],
      ['typo', sql`select id from events where f_unaccent(lower('koncrt')) <% f_unaccent(lower(name))`],
      ['city', sql`select id from events where f_unaccent(lower(city)) = f_unaccent(lower('Kraków'))`],
      [
        'distance',
        sql`select id from events where earth_box(ll_to_earth(52.2297, 21.0122), 25000) @> ll_to_earth(lat, lng)`,
      ],
      [
        'dates + category',
        sql`select id from events where category_id = 1 and start_date < now() + interval '30 days' and end_date > now()`,
      ],
    ];
    for (const [name, query] of plans) {
      const rows = rowsOf<Record<string, string>>(await db.execute(sql`explain ${query}`));
      const plan = rows.map((r) => Object.values(r)[0]).join('\n');
      const index = plan.match(/Index[^\n]*?on \w+|Bitmap Index Scan on \w+/g) ?? [];
      console.log(`${name}: ${index.length ? index.join(', ') : 'NO INDEX'}`);
    }
  },
  { migrate: false },
);
