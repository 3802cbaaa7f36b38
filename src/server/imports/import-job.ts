import 'server-only';
import { and, inArray, isNotNull, lte } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { eventImports } from '@/db/schema';
import { startPeriodicJob } from '@/server/jobs/periodic-job';
import { logger } from '@/server/log';
import { importIntervalMs, runImport } from './run-import';
import type { SafeFetchOptions } from './safe-fetch';

/** How often the job looks for due sources; each source itself is read hourly (`next_run_at`). */
export const importJobIntervalMs = 5 * 60_000;

/**
 * Claims the URL sources that are due: rows locked FOR UPDATE SKIP LOCKED and moved an hour ahead in the
 * same transaction, so with several processes each due source is claimed by exactly one of them.
 */
export async function claimDueImports({ now = new Date(), limit = 50 } = {}): Promise<number[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: eventImports.id })
      .from(eventImports)
      .where(and(isNotNull(eventImports.url), lte(eventImports.nextRunAt, now)))
      .orderBy(eventImports.nextRunAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((d) => d.id);
    await tx
      .update(eventImports)
      .set({ nextRunAt: new Date(now.getTime() + importIntervalMs) })
      .where(inArray(eventImports.id, ids));
    return ids;
  });
}

/** One tick: claim the due sources and run each; one failing source does not stop the others. */
export async function runDueImports({
  now = new Date(),
  fetch = {},
}: {
  now?: Date;
  fetch?: SafeFetchOptions;
} = {}): Promise<{ ran: number[] }> {
  const ids = await claimDueImports({ now });
  for (const importId of ids) {
    try {
      await runImport({ importId, now, fetch });
    } catch (error) {
      logger.error({ err: error, importId }, 'calendar import failed');
    }
  }
  return { ran: ids };
}

export function startImportJob({ intervalMs = importJobIntervalMs }: { intervalMs?: number } = {}) {
  return startPeriodicJob('imports', () => runDueImports(), intervalMs);
}
