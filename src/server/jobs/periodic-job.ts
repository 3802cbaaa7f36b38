import 'server-only';
import { logger } from '@/server/log';

// When each job last finished a run successfully (unix ms), for the job lag of /api/metrics. On globalThis:
// Next.js bundles its own copy of this module.
const holder = globalThis as typeof globalThis & { __portalJobRuns?: Map<string, number> };
holder.__portalJobRuns ??= new Map();
const lastRuns = holder.__portalJobRuns;

/**
 * Each job's name and when its last successful run finished (unix ms): a job that keeps failing ages
 * as one that stopped does.
 */
export function jobLastRuns(): ReadonlyMap<string, number> {
  return lastRuns;
}

/**
 * Runs `run` now and every `intervalMs`; a run slower than the interval is not overlapped by the next
 * one (the next tick catches up). Returns the function that stops it, which resolves once a run in
 * progress has finished, so the database can be closed after it.
 */
export function startPeriodicJob(name: string, run: () => Promise<unknown>, intervalMs: number) {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = run()
      .then(() => {
        lastRuns.set(name, Date.now());
      })
      .catch((error) => logger.error({ err: error, job: name }, 'job run failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return async (): Promise<void> => {
    clearInterval(timer);
    await running;
  };
}
