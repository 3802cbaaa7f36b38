import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { registrationDates, registrations, users } from '@/db/schema';
import type { CheckInOutcome } from '@/lib/schemas/registration-responses';
import type { AuthUser } from '@/server/auth/access-tokens';
import { ownedEvent } from '@/server/events/owned-event';
import { registrantName, registrantNameColumns } from './organiser';
import { readTicketCode, sameSecret } from './ticket-code';

export interface CheckIn {
  result: CheckInOutcome;
  /** Who the ticket is for and for how many places, for a ticket of this event. */
  name: string | null;
  places: number | null;
  checked_in_at: Date | null;
}

const nobody = (result: CheckInOutcome): CheckIn => ({
  result,
  name: null,
  places: null,
  checked_in_at: null,
});

/**
 * Checks a ticket in at the organiser's event (for a series, `date` names the date at the door; without it
 * any date of the event passes). One statement marks it used only if it is unused, so when two phones scan
 * one ticket at once, one is told "valid" and the other "already used".
 */
export async function checkIn({
  actor,
  eventId,
  code,
  date,
  now = new Date(),
}: {
  actor: AuthUser;
  eventId: number;
  code: string;
  date?: Date | null;
  now?: Date;
}): Promise<CheckIn> {
  await ownedEvent(actor, eventId);
  const read = readTicketCode(code);
  if (!read) return nobody('invalid');
  const db = await getDb();
  const [ticket] = await db
    .select({
      eventId: registrations.eventId,
      secret: registrations.secret,
      status: registrations.status,
      places: registrations.places,
      checkedInAt: registrations.checkedInAt,
      originalStart: registrationDates.originalStart,
      ...registrantNameColumns,
    })
    .from(registrations)
    .innerJoin(registrationDates, eq(registrationDates.id, registrations.dateId))
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(eq(registrations.id, read.id));
  // A signed code whose secret is not the stored one was never issued (or its registration is gone).
  if (!ticket || !sameSecret(ticket.secret, read.secret)) return nobody('invalid');
  if (ticket.eventId !== eventId) return nobody('wrong_event');
  const who = {
    name: registrantName(ticket),
    places: ticket.places,
  };
  if (date && ticket.originalStart && ticket.originalStart.getTime() !== date.getTime())
    return { result: 'wrong_date', ...who, checked_in_at: null };
  if (ticket.status === 'cancelled' || ticket.status === 'declined' || ticket.status === 'expired')
    return { result: 'cancelled', ...who, checked_in_at: null };
  if (ticket.status !== 'confirmed') return { result: 'not_confirmed', ...who, checked_in_at: null };
  const [marked] = await db
    .update(registrations)
    .set({ checkedInAt: now })
    .where(
      and(
        eq(registrations.id, read.id),
        eq(registrations.status, 'confirmed'),
        isNull(registrations.checkedInAt),
      ),
    )
    .returning({ checkedInAt: registrations.checkedInAt });
  if (marked) return { result: 'valid', ...who, checked_in_at: marked.checkedInAt };
  const [after] = await db
    .select({ checkedInAt: registrations.checkedInAt, status: registrations.status })
    .from(registrations)
    .where(eq(registrations.id, read.id));
  if (after?.status !== 'confirmed') return { result: 'cancelled', ...who, checked_in_at: null };
  return { result: 'already_used', ...who, checked_in_at: after.checkedInAt };
}
