import 'server-only';
import { startUnconfirmedCleanupJob } from '@/server/accounts/unconfirmed';
import { startSeriesJob } from '@/server/events/series-job';
import { startImportJob } from '@/server/imports/import-job';
import { startMailWorker } from '@/server/mail/outbox';
import { startPlanExpiryJob } from '@/server/payments/plan-expiry';
import { startOfferExpiryJob } from '@/server/registrations/offer-expiry';
import { startReminderJob } from '@/server/reminders/reminder-job';
import { startStatsFlusher } from '@/server/stats/counter';
import { startPromotionReportJob } from '@/server/stats/promotion-report';
import { startEmbeddedMaintenanceJob } from './embedded-maintenance';

type Stop = () => Promise<void> | void;

// What every serving process runs beside the requests, each answering a stop that waits for the run it is
// in. Stopped in this order: the mail worker last, so that mail the others queue on their way out goes.
const jobs: readonly (() => Stop)[] = [
  startReminderJob,
  startPlanExpiryJob,
  startImportJob,
  startSeriesJob,
  startEmbeddedMaintenanceJob,
  startUnconfirmedCleanupJob,
  startPromotionReportJob,
  // Issue 33: places offered from a waiting list and not confirmed in time pass on to the next in line.
  () => startOfferExpiryJob(),
  // Issue 28: the statistics' counts, written in batches every few seconds and once more at shutdown.
  startStatsFlusher,
  startMailWorker,
];

/** Starts the background jobs; the answer stops them all, one after another. */
export function startBackgroundJobs(): () => Promise<void> {
  const stops = jobs.map((start) => start());
  return async () => {
    for (const stop of stops) await stop();
  };
}
