import 'server-only';
import { and, count, desc, eq, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { eventOccurrences, events, registrationDates, registrations } from '@/db/schema';
import { shownText } from '@/lib/content-language';
import type { Locale } from '@/lib/locale';
import type { AuthUser } from '@/server/auth/access-tokens';
import { AppError, notFound } from '@/server/errors';
import { liveStatuses } from './register';
import { registrationOpen, registrationTarget } from './registration-dates';
import { ticketCode } from './ticket-code';

/** One of an attendee's registrations, as "My tickets" and the ticket page show it (issue 33). */
export interface Ticket {
  id: number;
  event: { id: number; name: string; place_name: string | null; city: string };
  /** When the date starts and ends (a series: this registration's date). */
  starts_at: Date;
  ends_at: Date;
  places: number;
  status: (typeof registrations.status.enumValues)[number];
  /** The code to show at the door: only a confirmed registration has a valid one. */
  code: string | null;
  offered_until: Date | null;
  checked_in_at: Date | null;
  note: string | null;
  created_at: Date;
}

const ticketColumns = {
  registration: registrations,
  originalStart: registrationDates.originalStart,
  // Where a series' date is now (its occurrence may have moved), in the same query.
  occurrenceStart: eventOccurrences.startDate,
  event: {
    id: events.id,
    name: events.name,
    placeName: events.placeName,
    city: events.city,
    lang: events.lang,
    translations: events.translations,
    startDate: events.startDate,
    endDate: events.endDate,
  },
};

type TicketRow = {
  registration: typeof registrations.$inferSelect;
  originalStart: Date | null;
  occurrenceStart: Date | null;
  event: {
    id: number;
    name: string;
    placeName: string | null;
    city: string;
    lang: string;
    translations: (typeof events.$inferSelect)['translations'];
    startDate: Date;
    endDate: Date;
  };
};

function toTicket(row: TicketRow, locale: Locale): Ticket {
  const { registration: r, event } = row;
  let startsAt = event.startDate;
  let endsAt = event.endDate;
  if (row.originalStart) {
    const length = event.endDate.getTime() - event.startDate.getTime();
    startsAt = row.occurrenceStart ?? row.originalStart;
    endsAt = new Date(startsAt.getTime() + length);
  }
  return {
    id: r.id,
    event: {
      id: event.id,
      name: shownText(event, event.name, 'name', locale)?.text ?? event.name,
      place_name: shownText(event, event.placeName, 'place_name', locale)?.text ?? event.placeName,
      city: event.city,
    },
    starts_at: startsAt,
    ends_at: endsAt,
    places: r.places,
    status: r.status,
    code: r.status === 'confirmed' ? ticketCode(r.id, r.secret) : null,
    offered_until: r.status === 'offered' ? r.offeredUntil : null,
    checked_in_at: r.checkedInAt,
    note: r.status === 'declined' ? r.note : null,
    created_at: r.createdAt,
  };
}

/** The tickets' rows: a registration with its date, its event and, for a series, the date's occurrence. */
async function ticketRows(where: SQL | undefined, limit: number): Promise<TicketRow[]> {
  const db = await getDb();
  return db
    .select(ticketColumns)
    .from(registrations)
    .innerJoin(registrationDates, eq(registrationDates.id, registrations.dateId))
    .innerJoin(events, eq(events.id, registrations.eventId))
    .leftJoin(
      eventOccurrences,
      and(
        eq(eventOccurrences.eventId, registrations.eventId),
        eq(eventOccurrences.originalStart, registrationDates.originalStart),
      ),
    )
    .where(where)
    .orderBy(desc(registrations.id))
    .limit(limit);
}

/** The attendee's registrations, newest first: the live ones and those that ended in the last 90 days. */
export async function listMyTickets({
  actor,
  locale,
}: {
  actor: AuthUser;
  locale: Locale;
}): Promise<Ticket[]> {
  const rows = await ticketRows(eq(registrations.userId, actor.id), 200);
  const tickets = rows.map((row) => toTicket(row, locale));
  const recent = Date.now() - 90 * 86_400_000;
  return tickets.filter((t) => liveStatuses.includes(t.status) || t.created_at.getTime() > recent);
}

/** One of the attendee's registrations (404 for anyone else's). */
export async function getTicket({
  actor,
  id,
  locale,
}: {
  actor: AuthUser;
  id: number;
  locale: Locale;
}): Promise<Ticket> {
  const [row] = await ticketRows(and(eq(registrations.id, id), eq(registrations.userId, actor.id)), 1);
  if (!row) throw notFound();
  return toTicket(row, locale);
}

/** What an event's page says of registration, for everyone and for the signed-in attendee (issue 33). */
export interface RegistrationState {
  /** Whether new registrations are taken now. */
  open: boolean;
  /** `register`: places free; `waiting_list`: full, new ones wait; `full`: no places and none taken. */
  state: 'register' | 'waiting_list' | 'full' | 'closed';
  approval: boolean;
  per_person: number;
  capacity: number;
  spots_left: number;
  waiting: number;
  closes_at: Date | null;
  /** The date (a series' original start) the state is for. */
  date: Date | null;
  /** The viewer's live registration for this date. */
  mine: {
    id: number;
    status: Ticket['status'];
    places: number;
    offered_until: Date | null;
    position: number | null;
  } | null;
}

/**
 * The registration state of an event's date (a series: `date`, or the date it shows), or null when the event
 * takes no registrations (or not for that date).
 */
export async function registrationState({
  eventId,
  date,
  viewerId,
  now = new Date(),
}: {
  eventId: number;
  date?: Date | null;
  viewerId?: number | null;
  now?: Date;
}): Promise<RegistrationState | null> {
  const db = await getDb();
  // Reads only, outside a transaction: an event page's view takes no lock.
  const target = await registrationTarget(db, eventId, date).catch((error: unknown) => {
    // An event or a date that takes no registrations (or is not one of the series') shows none.
    if (error instanceof AppError) return null;
    throw error;
  });
  if (!target) return null;
  const [day] = await db
    .select({ id: registrationDates.id, held: registrationDates.held })
    .from(registrationDates)
    .where(
      and(
        eq(registrationDates.eventId, eventId),
        target.originalStart
          ? eq(registrationDates.originalStart, target.originalStart)
          : isNull(registrationDates.originalStart),
      ),
    );
  const held = day?.held ?? 0;
  const spotsLeft = Math.max(0, target.terms.capacity - held);
  const [waiting] = day
    ? await db
        .select({ n: count() })
        .from(registrations)
        .where(and(eq(registrations.dateId, day.id), eq(registrations.status, 'waiting')))
    : [{ n: 0 }];
  let mine: RegistrationState['mine'] = null;
  if (viewerId && day) {
    const [own] = await db
      .select()
      .from(registrations)
      .where(
        and(
          eq(registrations.dateId, day.id),
          eq(registrations.userId, viewerId),
          inArray(registrations.status, liveStatuses),
        ),
      );
    if (own) {
      let position: number | null = null;
      if (own.status === 'waiting') {
        const [ahead] = await db
          .select({ n: count() })
          .from(registrations)
          .where(
            and(
              eq(registrations.dateId, day.id),
              eq(registrations.status, 'waiting'),
              lt(registrations.id, own.id),
            ),
          );
        position = (ahead?.n ?? 0) + 1;
      }
      mine = {
        id: own.id,
        status: own.status,
        places: own.places,
        offered_until: own.offeredUntil,
        position,
      };
    }
  }
  const open = registrationOpen(target, now);
  const state: RegistrationState['state'] = !open
    ? spotsLeft > 0
      ? 'closed'
      : 'full'
    : spotsLeft > 0 || target.terms.approval
      ? 'register'
      : 'waiting_list';
  return {
    open,
    state,
    approval: target.terms.approval,
    per_person: target.terms.perPerson,
    capacity: target.terms.capacity,
    spots_left: spotsLeft,
    waiting: waiting?.n ?? 0,
    closes_at: target.terms.closesAt,
    date: target.originalStart,
    mine,
  };
}

/** The state as a page hands it to the browser: dates as ISO strings. */
export function panelState(state: RegistrationState) {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    ...state,
    closes_at: iso(state.closes_at),
    date: iso(state.date),
    mine: state.mine ? { ...state.mine, offered_until: iso(state.mine.offered_until) } : null,
  };
}
