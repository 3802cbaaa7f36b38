import { describe, expect, it } from 'vitest';
import { getDb, rowsOf } from '@/db/client';
import { triggeredTables, untriggeredTables } from './cached-tables';

describe('the tables whose changes empty the caches', () => {
  it('are the tables with a trigger that announces a change, and no others', async () => {
    const db = await getDb();
    const rows = rowsOf<{ table: string }>(
      await db.execute(`
        select distinct c.relname as table
          from pg_trigger t
          join pg_class c on c.oid = t.tgrelid
          join pg_proc p on p.oid = t.tgfoid
         where p.proname in ('portal_search_changed', 'portal_search_rows_changed') and not t.tgisinternal
         order by 1`),
    );
    expect(rows.map((r) => r.table)).toEqual([...triggeredTables].sort());
    for (const table of untriggeredTables) expect(rows.map((r) => r.table)).not.toContain(table);
  });
});
