import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { countCap } from '@/lib/schemas/pagination';
import { eventSearchQuerySchema } from '@/lib/schemas/search';
import { insertActor, insertEvent, insertPlace } from '@/test-support/fixtures';
import { searchEvents } from './search-events';

// Decision 36: a search counts its matches exactly up to countCap; beyond it the total is countCap,
// marked as a lower bound, and the last page follows it.

const search = (query: Record<string, string>) =>
  searchEvents(eventSearchQuerySchema.parse(query), new Date());

describe('searchEvents totals', () => {
  it('counts exactly up to the cap and reports a lower bound beyond it', async () => {
    const owner = await insertActor('company');
    const place = await insertPlace(owner.id);
    const first = await insertEvent(owner.id, place.id);
    const db = await getDb();
    // countCap more copies of the fixture's event, priced 1 zł apart in grosze: countCap + 1 in all.
    await db.execute(sql`
      insert into events (user_id, place_id, category_id, name, city, start_date, end_date, price_min, price_max)
      select user_id, place_id, category_id, name || ' ' || n, city, start_date, end_date, n * 100, n * 100
      from events, generate_series(1, ${countCap}) n where id = ${first.id}`);

    const all = await search({ place_id: String(place.id) });
    expect(all.total).toBe(countCap);
    expect(all.total_exact).toBe(false);
    expect(all.last_page).toBe(Math.floor(countCap / 12));
    expect(all.data).toHaveLength(12);

    // At the cap exactly: the fixture's free event plus prices 1 to countCap - 1 zł.
    const atCap = await search({ place_id: String(place.id), price_max: String(countCap - 1) });
    expect(atCap).toMatchObject({ total: countCap, total_exact: true });

    const fewer = await search({ place_id: String(place.id), price_max: '250' });
    expect(fewer).toMatchObject({ total: 251, total_exact: true, last_page: 21 });

    const deep = await search({ place_id: String(place.id), page: String(Math.floor(countCap / 12)) });
    expect(deep.data).toHaveLength(12);
  });
});
