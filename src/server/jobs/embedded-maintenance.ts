import 'server-only';
import { getDbHandle } from '@/db/client';
import { startPeriodicJob } from './periodic-job';

/** How often the embedded database is vacuumed and its statistics gathered. */
export const embeddedMaintenanceIntervalMs = 30 * 60_000;

/**
 * Issue 32: PGlite runs no autovacuum, so without this its tables were never analysed (every plan built on
 * default guesses), its visibility map never set (an index-only scan read the table anyway) and its GIN
 * indexes' pending lists never merged (a text search read every word added since the start). PostgreSQL's
 * own autovacuum does all of it there.
 */
export async function maintainEmbeddedDb(): Promise<void> {
  const handle = await getDbHandle();
  if (handle.kind !== 'pglite' || !handle.pglite) return;
  await handle.pglite.exec('VACUUM (ANALYZE)');
}

/** Runs the maintenance now (after the migrations and the demo data) and every half hour. */
export function startEmbeddedMaintenanceJob({
  intervalMs = embeddedMaintenanceIntervalMs,
}: {
  intervalMs?: number;
} = {}) {
  return startPeriodicJob('embedded-maintenance', maintainEmbeddedDb, intervalMs);
}
