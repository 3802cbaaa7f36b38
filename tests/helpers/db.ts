import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { closeDb, type DbHandle, openPglite, openPostgres, setDbHandle } from '@/db/client';
import { withDatabase } from '../setup/global-db';

/** Gives the calling test file a database of its own, migrated and holding the reference data. */
export function setupTestDb(): { handle: () => DbHandle; url: () => string | undefined } {
  let handle: DbHandle | undefined;
  let dropName: string | undefined;
  beforeAll(async () => {
    process.env.DATA_DIR = inject('dataDir');
    const template = inject('postgresTemplate');
    const url = process.env.DATABASE_URL;
    if (template && url) {
      dropName = `portal_test_${randomBytes(6).toString('hex')}`;
      const admin = await openPostgres(url, { max: 1 });
      await admin.db.execute(`create database ${dropName} template ${template}`);
      await admin.close();
      handle = await openPostgres(withDatabase(url, dropName), { max: 5 });
    } else {
      const dump = fs.readFileSync(inject('pgliteDump'));
      handle = await openPglite({ loadDataDir: new Blob([dump]) });
    }
    setDbHandle(handle);
  });
  afterAll(async () => {
    await closeDb();
    if (dropName && process.env.DATABASE_URL) {
      const admin = await openPostgres(process.env.DATABASE_URL, { max: 1 });
      await admin.db.execute(`drop database if exists ${dropName}`);
      await admin.close();
    }
  });
  return {
    handle: () => {
      if (!handle) throw new Error('database not ready: call inside a test');
      return handle;
    },
    /** On PostgreSQL, the address of this file's database, for other processes; undefined on PGlite. */
    url: () =>
      dropName && process.env.DATABASE_URL ? withDatabase(process.env.DATABASE_URL, dropName) : undefined,
  };
}
