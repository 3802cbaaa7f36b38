import 'server-only';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '@/db/client';
import {
  type EventRegistration,
  eventOccurrences,
  eventRegistration,
  events,
  registrationDates,
  registrations,
} from '@/db/schema';
import { conflict, notFound } from '@/server/errors';
import { dateStart } from './date-start';
import { tellAttendee } from './registration-messages';

/** How long a place offered from the waiting list is kept for the one it went to (issue 33). */
export const offerHours = 24;

/** The event and date a registration is for, with the terms it is taken on. */
export interface RegistrationTarget {
  event: { id: number; userId: number; name: string; hiddenAt: Date | null; repeatRule: string | null };
  terms: EventRegistration;
  /** The date's original start for a series, null for a single event. */
  originalStart: Date | null;
  /** When the date starts and ends (a moved date of a series: where it was moved to). */
  startsAt: Date;
  endsAt: Date;
}

/**
 * The date of `eventId` that `date` names (a series' date by its original start; a single event needs none), and
 * the terms. 404 for a hidden or unknown event or date, 409 for an event that takes no registrations.
 */
export async function registrationTarget(
  db: DbOrTx,
  eventId: number,
  date: Date | null | undefined,
): Promise<RegistrationTarget> {
  const [row] = await db
    .select({
      event: {
        id: events.id,
        userId: events.userId,
        name: events.name,
        hiddenAt: events.hiddenAt,
        repeatRule: events.repeatRule,
        startDate: events.startDate,
        endDate: events.endDate,
      },
      terms: eventRegistration,
    })
    .from(events)
    .leftJoin(eventRegistration, eq(eventRegistration.eventId, events.id))
    .where(eq(events.id, eventId))
    .limit(1);
  if (!row || row.event.hiddenAt) throw notFound();
  if (!row.terms) throw conflict('api.registration.not_taken');
  const { event, terms } = row;
  if (event.repeatRule === null)
    return { event, terms, originalStart: null, startsAt: event.startDate, endsAt: event.endDate };

  // A series: the date asked for, else the one date that takes registrations, else the date it shows now.
  const wanted = date ?? terms.onlyDate;
  const [occurrence] = await db
    .select()
    .from(eventOccurrences)
    .where(
      and(
        eq(eventOccurrences.eventId, eventId),
        wanted ? eq(eventOccurrences.originalStart, wanted) : eq(eventOccurrences.startDate, event.startDate),
      ),
    )
    .orderBy(asc(eventOccurrences.originalStart))
    .limit(1);
  if (!occurrence) {
    if (wanted) throw notFound('api.registration.no_such_date');
    throw conflict('api.registration.closed');
  }
  if (terms.onlyDate && occurrence.originalStart.getTime() !== terms.onlyDate.getTime())
    throw conflict('api.registration.not_taken_for_date');
  return {
    event,
    terms,
    originalStart: occurrence.originalStart,
    startsAt: occurrence.startDate,
    endsAt: occurrence.endDate,
  };
}

/** Whether the date still takes new registrations at `now`: before its start and before the closing time. */
export function registrationOpen(target: Pick<RegistrationTarget, 'terms' | 'startsAt'>, now: Date): boolean {
  const { closesAt } = target.terms;
  return now < target.startsAt && (closesAt === null || now < closesAt);
}

/**
 * The date's row of held places, created on the first registration and locked for the rest of the
 * transaction: every change of a date's registrations goes through this lock, so two of them never both
 * take the last place.
 */
export async function lockDate(
  tx: Tx,
  eventId: number,
  originalStart: Date | null,
): Promise<{ id: number; held: number }> {
  await tx.insert(registrationDates).values({ eventId, originalStart }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: registrationDates.id, held: registrationDates.held })
    .from(registrationDates)
    .where(
      and(
        eq(registrationDates.eventId, eventId),
        originalStart
          ? eq(registrationDates.originalStart, originalStart)
          : isNull(registrationDates.originalStart),
      ),
    )
    .for('update');
  if (!row) throw new Error('registration date row missing after insert');
  return row;
}

/** Locks a date row by its id (a registration's date), with the event's capacity. */
export async function lockDateById(tx: Tx, dateId: number) {
  const [row] = await tx
    .select({
      id: registrationDates.id,
      eventId: registrationDates.eventId,
      originalStart: registrationDates.originalStart,
      held: registrationDates.held,
    })
    .from(registrationDates)
    .where(eq(registrationDates.id, dateId))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * A registration with its date locked for a change (the date's row first, as every change locks it): 404 unless
 * `may` allows the actor, from the registration's attendee and its event's organiser.
 */
export async function lockRegistration(
  tx: Tx,
  registrationId: number,
  may: (who: { attendeeId: number; organiserId: number }) => boolean,
) {
  const [found] = await tx
    .select({ dateId: registrations.dateId, attendeeId: registrations.userId, organiserId: events.userId })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(eq(registrations.id, registrationId));
  if (!found || !may(found)) throw notFound();
  const day = await lockDateById(tx, found.dateId);
  const [registration] = await tx.select().from(registrations).where(eq(registrations.id, registrationId));
  if (!registration) throw notFound();
  return { registration, day };
}

/** Adds (or with a negative count, frees) held places of a locked date. */
export async function changeHeld(tx: Tx, dateId: number, by: number): Promise<void> {
  if (by === 0) return;
  await tx
    .update(registrationDates)
    .set({ held: sql`${registrationDates.held} + ${by}` })
    .where(eq(registrationDates.id, dateId));
}

/**
 * Gives the free places of a locked date to the waiting list, in order: each one first in line whose places
 * fit gets them for `offerHours` (or until the date starts, if sooner), with a notification and a mail. One
 * who needs more places than are free keeps their turn, and the next one who fits is offered.
 */
export async function offerFreedPlaces(tx: Tx, dateId: number, now: Date): Promise<number[]> {
  const [date] = await tx
    .select({
      held: registrationDates.held,
      capacity: eventRegistration.capacity,
      eventId: registrationDates.eventId,
      originalStart: registrationDates.originalStart,
    })
    .from(registrationDates)
    .innerJoin(eventRegistration, eq(eventRegistration.eventId, registrationDates.eventId))
    .where(eq(registrationDates.id, dateId));
  if (!date) return [];
  let free = date.capacity - date.held;
  if (free <= 0) return [];
  const startsAt = await dateStart(tx, date.eventId, date.originalStart);
  if (startsAt && startsAt <= now) return [];
  const waiting = await tx
    .select({ id: registrations.id, userId: registrations.userId, places: registrations.places })
    .from(registrations)
    .where(
      and(
        eq(registrations.dateId, dateId),
        eq(registrations.status, 'waiting'),
        lte(registrations.places, free),
      ),
    )
    .orderBy(asc(registrations.id));
  const until = new Date(
    Math.min(now.getTime() + offerHours * 3_600_000, startsAt?.getTime() ?? Number.POSITIVE_INFINITY),
  );
  const offered: number[] = [];
  for (const next of waiting) {
    if (next.places > free) continue;
    free -= next.places;
    offered.push(next.id);
    await tx
      .update(registrations)
      .set({ status: 'offered', offeredUntil: until, updatedAt: now })
      .where(eq(registrations.id, next.id));
    await tellAttendee(tx, { registrationId: next.id, kind: 'offered' });
    if (free === 0) break;
  }
  await changeHeld(tx, dateId, date.capacity - date.held - free);
  return offered;
}
