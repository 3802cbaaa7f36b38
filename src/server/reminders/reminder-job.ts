import 'server-only';
import { kickMailWorker } from '@/server/mail/outbox';
import { runReminders } from './run-reminders';

/** How often the server looks for events to remind of: a reminder leaves at most this late (of a day). */
export const reminderIntervalMs = 10 * 60_000;

/**
 * Runs the reminders now and every `intervalMs`; returns the function that stops it, which resolves
 * once a run in progress has finished (so the database can be closed after it).
 */
export function startReminderJob({
  intervalMs = reminderIntervalMs,
}: {
  intervalMs?: number;
} = {}): () => Promise<void> {
  let run: Promise<void> | undefined;
  const tick = () => {
    // A run slower than the interval is not overlapped by the next one; the next tick catches up.
    if (run) return;
    run = runReminders()
      .then(({ mailed }) => {
        if (mailed > 0) kickMailWorker();
      })
      .catch((error) => console.error('[reminders] run failed:', error))
      .finally(() => {
        run = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await run;
  };
}
