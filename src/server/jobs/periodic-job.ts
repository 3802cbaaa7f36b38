import 'server-only';

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
      .then(() => undefined)
      .catch((error) => console.error(`[${name}] run failed:`, error))
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
