import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScript } from '../helpers/run-script';

// Issue 16: a wrong REDIS_URL or S3_* (or a setting the embedded database cannot serve) stops start-up with
// one line naming the variable, before anything is built, opened or served.

async function start(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
  try {
    return await runScript('server.ts', {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: '3999',
      ...env,
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('start-up with a wrong setting', () => {
  it.each([
    [
      { REDIS_URL: 'redis://127.0.0.1:1' },
      /^\[portal\] Invalid configuration: REDIS_URL cannot be reached \(ECONNREFUSED\)$/,
    ],
    [
      { REDIS_URL: 'http://127.0.0.1:6379' },
      /^Invalid configuration: REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/,
    ],
    [
      {
        S3_BUCKET: 'media',
        S3_ENDPOINT: 'http://127.0.0.1:1',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      },
      /^\[portal\] Invalid configuration: S3_BUCKET "media" cannot be reached at S3_ENDPOINT http:\/\/127\.0\.0\.1:1/,
    ],
    [
      { S3_ENDPOINT: 'http://127.0.0.1:9000' },
      /^Invalid configuration: S3_BUCKET is missing \(S3_ENDPOINT set\)$/,
    ],
    [
      { S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k' },
      /^Invalid configuration: S3_SECRET_ACCESS_KEY is missing/,
    ],
    [{ WEB_CONCURRENCY: '2' }, /^Invalid configuration: WEB_CONCURRENCY=2 needs DATABASE_URL \(PostgreSQL\)/],
    [
      { DATABASE_READ_URL: 'postgres://127.0.0.1/replica' },
      /^Invalid configuration: DATABASE_READ_URL needs DATABASE_URL/,
    ],
    // Issue 26 item 11: processes sharing a database cannot agree on a generated secret.
    [
      { DATABASE_URL: 'postgres://127.0.0.1:1/portal' },
      /^Invalid configuration: UNSUBSCRIBE_SECRET must be set \(16\+ characters\) when processes share a database/,
    ],
    [
      { DATABASE_URL: 'postgres://127.0.0.1:1/portal', WEB_CONCURRENCY: '2' },
      /^Invalid configuration: UNSUBSCRIBE_SECRET must be set/,
    ],
  ])(
    '%o stops with one line naming it',
    async (env, line) => {
      const result = await start(env);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      const lines = result.stderr.trim().split('\n');
      expect(lines, result.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(line);
      // Before any build or database: within seconds, even for an address that never answers.
      expect(result.ms).toBeLessThan(15_000);
    },
    30_000,
  );
});
