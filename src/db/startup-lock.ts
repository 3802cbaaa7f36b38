import type { DbHandle } from './client';

// Any fixed number the portal uses for nothing else: the key of the start-up lock.
const startupLockKey = 7_310_416_001;

/**
 * Runs `run` (migrations, the first-party client, the demo seed) while holding a PostgreSQL advisory lock,
 * so processes starting together on one database do it one after another: the first migrates and seeds,
 * the others then find nothing left to do. The lock is a session lock on a connection of its own, released
 * when `run` ends or the connection drops. PGlite serves one process and needs none.
 */
export async function withStartupLock<T>(handle: DbHandle, url: string | undefined, run: () => Promise<T>) {
  if (handle.kind !== 'postgres' || !url) return run();
  const { default: postgres } = await import('postgres');
  const lock = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await lock`select pg_advisory_lock(${startupLockKey})`;
    return await run();
  } finally {
    await lock.end({ timeout: 5 });
  }
}
