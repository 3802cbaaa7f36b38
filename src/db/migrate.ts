import path from 'node:path';
import type { DbHandle } from './client';

export const migrationsFolder = path.join(process.cwd(), 'src/db/migrations');

/** Applies the committed SQL migrations that have not run yet. */
export async function migrate(handle: DbHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver's own database type
    await run(handle.db as any, { migrationsFolder });
  } else {
    const { migrate: run } = await import('drizzle-orm/postgres-js/migrator');
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver's own database type
    await run(handle.db as any, { migrationsFolder });
  }
}
