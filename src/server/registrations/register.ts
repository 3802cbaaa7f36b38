import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { getDb, type Tx } from '@/db/client';
import { calendarEntries, type Registration, type RegistrationStatus, registrations } from '@/db/schema';
import type { AuthUser } from '@/server/auth/access-tokens';
import { conflict, fieldError, forbidden } from '@/server/errors';
import { kickMailWorker } from '@/server/mail/outbox';
import { hit } from '@/server/rate-limit';
import { dateStart } from './date-start';
import {
  changeHeld,
  lockDate,
  lockRegistration,
  offerFreedPlaces,
  registrationOpen,
  registrationTarget,
} from './registration-dates';
import { type AttendeeNews, tellAttendee } from './registration-messages';
import { newTicketSecret } from './ticket-code';

/** The statuses of a registration that is still on: one per attendee and date. */
export const liveStatuses: RegistrationStatus[] = ['pending', 'confirmed', 'waiting', 'offered'];
/** The statuses that hold places of the date. */
export const holdingStatuses: RegistrationStatus[] = ['confirmed', 'offered'];

// Spec §6: attending is for attendees; companies run events and do not register for them.
function attendeeOnly(actor: AuthUser) {
  if (actor.role !== 'user') throw forbidden('api.registration.attendees_only');
}

/**
 * Issue 33: registers the attendee for `places` places of an event's date (a series' date by its original
 * start). Without approval, the places are confirmed while there is room and the attendee joins the waiting
 * list otherwise; with approval, the request waits for the organiser. Exact under concurrency: the date's row
 * is locked while its places are counted, so 50 requests for the last place confirm one.
 */
export async function register({
  actor,
  eventId,
  date,
  places,
  now = new Date(),
}: {
  actor: AuthUser;
  eventId: number;
  date?: Date | null;
  places: number;
  now?: Date;
}): Promise<Registration> {
  attendeeOnly(actor);
  await hit('registrationsByUser', String(actor.id));
  const db = await getDb();
  const created = await db.transaction(async (tx) => {
    const target = await registrationTarget(tx, eventId, date);
    if (!registrationOpen(target, now)) throw conflict('api.registration.closed');
    if (places > target.terms.perPerson)
      throw fieldError('places', 'api.registration.places_max', { max: target.terms.perPerson });
    const day = await lockDate(tx, eventId, target.originalStart);
    const [mine] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(
        and(
          eq(registrations.dateId, day.id),
          eq(registrations.userId, actor.id),
          inArray(registrations.status, liveStatuses),
        ),
      );
    if (mine) throw conflict('api.registration.already');
    const status: RegistrationStatus = target.terms.approval
      ? 'pending'
      : places <= target.terms.capacity - day.held
        ? 'confirmed'
        : 'waiting';
    if (status === 'confirmed') await changeHeld(tx, day.id, places);
    const [row] = await tx
      .insert(registrations)
      .values({
        dateId: day.id,
        eventId,
        userId: actor.id,
        places,
        status,
        secret: newTicketSecret(),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('registration insert returned no row');
    // The event goes into the attendee's calendar with the registration (spec §4's calendar lists it).
    await tx.insert(calendarEntries).values({ userId: actor.id, eventId }).onConflictDoNothing();
    await tellAttendee(tx, { registrationId: row.id, kind: status as AttendeeNews });
    return row;
  });
  kickMailWorker();
  return created;
}

/** What changing one registration takes: who changes it, which one, and when. */
export interface RegistrationChange {
  actor: AuthUser;
  registrationId: number;
  now?: Date;
}

/** Writes a change of one registration and returns the row. */
export async function updateRegistration(
  tx: Tx,
  registrationId: number,
  changes: Partial<typeof registrations.$inferInsert>,
): Promise<Registration> {
  const [row] = await tx
    .update(registrations)
    .set(changes)
    .where(eq(registrations.id, registrationId))
    .returning();
  return row as Registration;
}

/** The places a registration held, if it held any, go back to its date and on to the waiting list. */
export async function releasePlaces(tx: Tx, registration: Registration, dateId: number, now: Date) {
  if (!holdingStatuses.includes(registration.status)) return;
  await changeHeld(tx, dateId, -registration.places);
  await offerFreedPlaces(tx, dateId, now);
}

/** A change of one of the attendee's own registrations, in one transaction with its date locked. */
async function changeOwn<T>(
  actor: AuthUser,
  registrationId: number,
  change: (tx: Tx, locked: Awaited<ReturnType<typeof lockRegistration>>) => Promise<T>,
): Promise<T> {
  attendeeOnly(actor);
  const db = await getDb();
  const done = await db.transaction(async (tx) =>
    change(tx, await lockRegistration(tx, registrationId, (who) => who.attendeeId === actor.id)),
  );
  kickMailWorker();
  return done;
}

/**
 * The attendee cancels (until the date starts): the places it held go to the waiting list. Cancelling one
 * already cancelled is a 409, as is cancelling after the start.
 */
export async function cancelRegistration({
  actor,
  registrationId,
  now = new Date(),
}: RegistrationChange): Promise<Registration> {
  attendeeOnly(actor);
  await hit('registrationsByUser', String(actor.id));
  return changeOwn(actor, registrationId, async (tx, { registration, day }) => {
    if (!liveStatuses.includes(registration.status)) throw conflict('api.registration.not_live');
    const startsAt = await dateStart(tx, day.eventId, day.originalStart);
    if (startsAt && startsAt <= now) throw conflict('api.registration.started');
    const row = await updateRegistration(tx, registrationId, {
      status: 'cancelled',
      offeredUntil: null,
      updatedAt: now,
    });
    await releasePlaces(tx, registration, day.id, now);
    return row;
  });
}

/** The attendee takes the places offered to them from the waiting list, before the offer runs out. */
export async function confirmOffer({
  actor,
  registrationId,
  now = new Date(),
}: RegistrationChange): Promise<Registration> {
  return changeOwn(actor, registrationId, async (tx, { registration }) => {
    if (registration.status === 'confirmed') return registration;
    if (registration.status !== 'offered' || !registration.offeredUntil || registration.offeredUntil <= now)
      throw conflict('api.registration.offer_gone');
    const row = await updateRegistration(tx, registrationId, {
      status: 'confirmed',
      offeredUntil: null,
      updatedAt: now,
    });
    await tellAttendee(tx, { registrationId, kind: 'confirmed' });
    return row;
  });
}
