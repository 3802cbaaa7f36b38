import 'server-only';
import { startPeriodicJob } from '@/server/jobs/periodic-job';
import { kickMailWorker } from '@/server/mail/outbox';
import { runReminders } from './run-reminders';

/** How often the server looks for events to remind of: a reminder leaves at most this late (of a day). */
export const reminderIntervalMs = 10 * 60_000;

/** Runs the reminders now and every `intervalMs`; the returned function stops it after a run in progress. */
export function startReminderJob({ intervalMs = reminderIntervalMs }: { intervalMs?: number } = {}) {
  return startPeriodicJob(
    'reminders',
    async () => {
      const { mailed } = await runReminders();
      if (mailed > 0) kickMailWorker();
    },
    intervalMs,
  );
}
