import { ConfigError, getConfig } from '@/config';
import { closeDb, type DbHandle, openConfiguredDb, setDbHandle } from '@/db/client';
import { migrate } from '@/db/migrate';

/** Runs a command-line task against the configured database: one clear line on failure. */
export async function runWithDb(
  task: (handle: DbHandle) => Promise<void>,
  options: { migrate?: boolean } = {},
) {
  let handle: DbHandle;
  try {
    getConfig();
    handle = await openConfiguredDb();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : `[portal] ${(error as Error).message}`);
    process.exit(1);
  }
  setDbHandle(handle);
  try {
    if (options.migrate !== false) await migrate(handle);
    await task(handle);
  } catch (error) {
    console.error(`[portal] ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    await closeDb();
  }
}

export function argValue(name: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  if (i >= 0) return args[i + 1];
  return args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
}
