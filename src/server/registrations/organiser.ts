import 'server-only';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { getDb, type Tx } from '@/db/client';
import {
  type EventRegistration,
  eventOccurrences,
  eventRegistration,
  type Registration,
  type RegistrationStatus,
  registrationDates,
  registrations,
  users,
} from '@/db/schema';
import type { RegistrationTermsInput } from '@/lib/schemas/registrations';
import type { AuthUser } from '@/server/auth/access-tokens';
import { conflict, fieldError, forbidden } from '@/server/errors';
import { ownedEvent } from '@/server/events/owned-event';
import { kickMailWorker } from '@/server/mail/outbox';
import { liveStatuses, type RegistrationChange, releasePlaces, updateRegistration } from './register';
import { changeHeld, lockDateById, lockRegistration, offerFreedPlaces } from './registration-dates';
import { tellAttendee } from './registration-messages';

/** The terms an event takes registrations on, or null. */
export async function registrationTermsOf(eventId: number): Promise<EventRegistration | null> {
  const db = await getDb();
  const [terms] = await db.select().from(eventRegistration).where(eq(eventRegistration.eventId, eventId));
  return terms ?? null;
}

/** The terms of one of the organiser's events, or null (403/404 for anyone else's event). */
export async function ownRegistrationTerms({ actor, eventId }: { actor: AuthUser; eventId: number }) {
  await ownedEvent(actor, eventId);
  return registrationTermsOf(eventId);
}

/**
 * Issue 33: the organiser turns registration on for an event, or changes its terms. A series takes it for every
 * date, or for `only_date` alone. More places than before go to the waiting list at once.
 */
export async function setRegistrationTerms({
  actor,
  eventId,
  input,
  now = new Date(),
}: {
  actor: AuthUser;
  eventId: number;
  input: RegistrationTermsInput;
  now?: Date;
}): Promise<EventRegistration> {
  const event = await ownedEvent(actor, eventId);
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    if (input.only_date) {
      if (event.repeatRule === null) throw fieldError('only_date', 'api.registration.only_date_series');
      const [date] = await tx
        .select({ start: eventOccurrences.originalStart })
        .from(eventOccurrences)
        .where(
          and(eq(eventOccurrences.eventId, eventId), eq(eventOccurrences.originalStart, input.only_date)),
        );
      if (!date) throw fieldError('only_date', 'api.registration.no_such_date');
    }
    const terms = {
      capacity: input.capacity,
      perPerson: input.per_person,
      approval: input.approval,
      closesAt: input.closes_at,
      onlyDate: input.only_date,
      updatedAt: now,
    };
    const [row] = await tx
      .insert(eventRegistration)
      .values({ eventId, ...terms })
      .onConflictDoUpdate({ target: eventRegistration.eventId, set: terms })
      .returning();
    const dates = await tx
      .select({ id: registrationDates.id })
      .from(registrationDates)
      .where(eq(registrationDates.eventId, eventId))
      .orderBy(asc(registrationDates.id));
    for (const date of dates) {
      await lockDateById(tx, date.id);
      await offerFreedPlaces(tx, date.id, now);
    }
    return row as EventRegistration;
  });
  kickMailWorker();
  return saved;
}

/** Turns registration off; refused (409) while anyone is registered, whose tickets must keep their meaning. */
export async function removeRegistrationTerms({ actor, eventId }: { actor: AuthUser; eventId: number }) {
  await ownedEvent(actor, eventId);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [live] = await tx
      .select({ n: count() })
      .from(registrations)
      .where(and(eq(registrations.eventId, eventId), inArray(registrations.status, liveStatuses)));
    if ((live?.n ?? 0) > 0) throw conflict('api.registration.people_registered');
    await tx.delete(registrationDates).where(eq(registrationDates.eventId, eventId));
    await tx.delete(eventRegistration).where(eq(eventRegistration.eventId, eventId));
  });
}

/** The columns of `users` that `registrantName` reads. */
export const registrantNameColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

/** How an attendee is named to the organiser: by first and last name, else by e-mail. */
export const registrantName = (u: { firstName: string | null; lastName: string | null; email: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.email;

/** One registration as the organiser's list shows it. */
export interface RegistrantRow {
  id: number;
  name: string;
  email: string;
  places: number;
  status: RegistrationStatus;
  date: Date | null;
  created_at: Date;
  checked_in_at: Date | null;
  offered_until: Date | null;
}

/** Every registration of the organiser's event (or of one date of it), in the order they came. */
export async function listRegistrants({
  actor,
  eventId,
  date,
}: {
  actor: AuthUser;
  eventId: number;
  date?: Date | null;
}): Promise<RegistrantRow[]> {
  await ownedEvent(actor, eventId);
  const db = await getDb();
  const rows = await db
    .select({
      id: registrations.id,
      ...registrantNameColumns,
      places: registrations.places,
      status: registrations.status,
      date: registrationDates.originalStart,
      createdAt: registrations.createdAt,
      checkedInAt: registrations.checkedInAt,
      offeredUntil: registrations.offeredUntil,
    })
    .from(registrations)
    .innerJoin(registrationDates, eq(registrationDates.id, registrations.dateId))
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(
      and(
        eq(registrations.eventId, eventId),
        date === undefined
          ? undefined
          : date === null
            ? isNull(registrationDates.originalStart)
            : eq(registrationDates.originalStart, date),
      ),
    )
    .orderBy(asc(registrations.id));
  return rows.map((r) => ({
    id: r.id,
    name: registrantName(r),
    email: r.email,
    places: r.places,
    status: r.status,
    date: r.date,
    created_at: r.createdAt,
    checked_in_at: r.checkedInAt,
    offered_until: r.offeredUntil,
  }));
}

/** A registration of one of the organiser's events, its date locked (404 for anyone else's). */
function organisersRegistration(tx: Tx, actor: AuthUser, registrationId: number) {
  if (actor.role !== 'company') throw forbidden();
  return lockRegistration(tx, registrationId, (who) => who.organiserId === actor.id);
}

/** The organiser accepts a request waiting for approval, if its places are still free (409 otherwise). */
export async function approveRegistration({
  actor,
  registrationId,
  now = new Date(),
}: RegistrationChange): Promise<Registration> {
  const db = await getDb();
  const approved = await db.transaction(async (tx) => {
    const { registration, day } = await organisersRegistration(tx, actor, registrationId);
    if (registration.status === 'confirmed') return registration;
    if (registration.status !== 'pending' && registration.status !== 'waiting')
      throw conflict('api.registration.not_live');
    const [terms] = await tx
      .select({ capacity: eventRegistration.capacity })
      .from(eventRegistration)
      .where(eq(eventRegistration.eventId, registration.eventId));
    if (!terms || registration.places > terms.capacity - day.held) throw conflict('api.registration.full');
    await changeHeld(tx, day.id, registration.places);
    const row = await updateRegistration(tx, registrationId, { status: 'confirmed', updatedAt: now });
    await tellAttendee(tx, { registrationId, kind: 'confirmed' });
    return row;
  });
  kickMailWorker();
  return approved;
}

/**
 * The organiser declines a registration (a request, someone waiting, or a confirmed place), with a reason
 * the attendee is told. Places it held go to the waiting list.
 */
export async function declineRegistration({
  actor,
  registrationId,
  note,
  now = new Date(),
}: RegistrationChange & { note?: string }): Promise<Registration> {
  const db = await getDb();
  const declined = await db.transaction(async (tx) => {
    const { registration, day } = await organisersRegistration(tx, actor, registrationId);
    if (!liveStatuses.includes(registration.status)) throw conflict('api.registration.not_live');
    const row = await updateRegistration(tx, registrationId, {
      status: 'declined',
      offeredUntil: null,
      note: note || null,
      updatedAt: now,
    });
    await tellAttendee(tx, { registrationId, kind: 'declined' });
    await releasePlaces(tx, registration, day.id, now);
    return row;
  });
  kickMailWorker();
  return declined;
}

/** The places held and asked for on each date of an event, for the organiser's summary. */
export async function registrationCounts(eventId: number) {
  const db = await getDb();
  return db
    .select({
      date: registrationDates.originalStart,
      held: registrationDates.held,
      confirmed: sql<number>`coalesce(sum(${registrations.places}) filter (where ${registrations.status} = 'confirmed'), 0)::int`,
      waiting: sql<number>`count(${registrations.id}) filter (where ${registrations.status} = 'waiting')::int`,
      pending: sql<number>`count(${registrations.id}) filter (where ${registrations.status} = 'pending')::int`,
      checkedIn: sql<number>`coalesce(sum(${registrations.places}) filter (where ${registrations.checkedInAt} is not null), 0)::int`,
    })
    .from(registrationDates)
    .leftJoin(registrations, eq(registrations.dateId, registrationDates.id))
    .where(eq(registrationDates.eventId, eventId))
    .groupBy(registrationDates.id)
    .orderBy(asc(registrationDates.originalStart));
}
