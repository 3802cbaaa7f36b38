import 'server-only';
import { and, asc, eq, lte } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { registrations } from '@/db/schema';
import { startPeriodicJob } from '@/server/jobs/periodic-job';
import { kickMailWorker } from '@/server/mail/outbox';
import { changeHeld, lockDateById, offerFreedPlaces } from './registration-dates';
import { tellAttendee } from './registration-messages';

/**
 * Issue 33: places offered from a waiting list and not taken in time pass on to the next in line. Each date is
 * one transaction under its lock, so an attendee confirming at the last second and this run agree on who
 * has the places. Returns how many offers ran out.
 */
export async function expireOffers(now = new Date()): Promise<number> {
  const db = await getDb();
  const due = await db
    .selectDistinct({ dateId: registrations.dateId })
    .from(registrations)
    .where(and(eq(registrations.status, 'offered'), lte(registrations.offeredUntil, now)))
    .orderBy(asc(registrations.dateId));
  let expired = 0;
  for (const { dateId } of due) {
    expired += await db.transaction(async (tx) => {
      await lockDateById(tx, dateId);
      const gone = await tx
        .update(registrations)
        .set({ status: 'expired', updatedAt: now })
        .where(
          and(
            eq(registrations.dateId, dateId),
            eq(registrations.status, 'offered'),
            lte(registrations.offeredUntil, now),
          ),
        )
        .returning({ id: registrations.id, places: registrations.places });
      if (!gone.length) return 0;
      await changeHeld(tx, dateId, -gone.reduce((sum, r) => sum + r.places, 0));
      for (const r of gone) await tellAttendee(tx, { registrationId: r.id, kind: 'expired' });
      await offerFreedPlaces(tx, dateId, now);
      return gone.length;
    });
  }
  if (expired) kickMailWorker();
  return expired;
}

/** Runs `expireOffers` every minute, so an offer passes on within a minute of running out. */
export function startOfferExpiryJob(intervalMs = 60_000) {
  return startPeriodicJob('registration-offers', () => expireOffers(), intervalMs);
}
