import fs from 'node:fs';
import { count } from 'drizzle-orm';
import { restoreSql } from '@/db/backup';
import { users } from '@/db/schema';
import { runWithDb } from './cli';

// npm run db:restore -- FILE: loads a backup into an empty database (migrated first).
const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!file || !fs.existsSync(file)) {
  console.error('[portal] Usage: npm run db:restore -- FILE (a file written by npm run db:backup)');
  process.exit(1);
}
await runWithDb(async (handle) => {
  const [row] = await handle.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) {
    throw new Error(
      'The database is not empty; restore only into a new database (a new DATA_DIR or DATABASE_URL).',
    );
  }
  const statements = await restoreSql(handle.db, fs.readFileSync(file, 'utf8'));
  console.log(`[portal] Restored ${statements} statements from ${file}.`);
});
