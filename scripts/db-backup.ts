import fs from 'node:fs';
import path from 'node:path';
import { getConfig } from '@/config';
import { dumpSql } from '@/db/backup';
import { argValue, runWithDb } from './cli';

// npm run db:backup [-- --out FILE]; by default data/backups/backup-<time>.sql
await runWithDb(
  async (handle) => {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const out = path.resolve(
      argValue('out') ?? process.argv[2] ?? path.join(getConfig().dataDir, 'backups', `backup-${stamp}.sql`),
    );
    fs.mkdirSync(path.dirname(out), { recursive: true });
    const fd = fs.openSync(`${out}.partial`, 'w');
    try {
      await dumpSql(handle.db, (chunk) => {
        fs.writeSync(fd, chunk);
      });
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(`${out}.partial`, out);
    console.log(`[portal] Backup written to ${out} (${(fs.statSync(out).size / 1024).toFixed(0)} KiB).`);
  },
  { migrate: false },
);
