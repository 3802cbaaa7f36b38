import 'server-only';
import { getDb } from '@/db/client';
import { startPeriodicJob } from '@/server/jobs/periodic-job';
import { advanceSeries } from './save-series';

/** A series moves on to its next date within this long of the last one ending. */
export const seriesJobIntervalMs = 60_000;

/** Moves every series whose shown date is over on to its next one (issue 17). */
export function startSeriesJob({ intervalMs = seriesJobIntervalMs }: { intervalMs?: number } = {}) {
  return startPeriodicJob('series', async () => advanceSeries(await getDb()), intervalMs);
}
