import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, getDbHandle, rowsOf } from '@/db/client';
import { insertActor, insertEvent, insertPlace } from '@/test-support/fixtures';
import { maintainEmbeddedDb } from './embedded-maintenance';

// Issue 32: PGlite has no autovacuum; the maintenance job gathers the statistics and sets the visibility map
// that the planner and the index-only scans rely on.

describe('the embedded database maintenance', () => {
  it('analyses the tables and marks their pages all-visible on PGlite, and leaves PostgreSQL to autovacuum', async () => {
    const owner = await insertActor('company');
    const place = await insertPlace(owner.id);
    await insertEvent(owner.id, place.id);
    const db = await getDb();
    const stats = async () =>
      rowsOf<{ tuples: number; visible: number }>(
        await db.execute(
          sql`select reltuples::int as tuples, relallvisible::int as visible from pg_class where relname = 'event_words'`,
        ),
      )[0];
    await maintainEmbeddedDb();
    const after = await stats();
    if ((await getDbHandle()).kind === 'pglite') {
      expect(after?.tuples).toBeGreaterThan(0);
      expect(after?.visible).toBeGreaterThan(0);
    } else {
      // Nothing was run: the table was never vacuumed by this test.
      expect(after?.visible).toBe(0);
    }
  });
});
