import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { eventOccurrences, events, mailOutbox, notifications, registrations, users } from '@/db/schema';
import { createEventBodySchema } from '@/lib/schemas/event';
import { registrationTermsSchema } from '@/lib/schemas/registrations';
import type { AuthUser } from '@/server/auth/access-tokens';
import { AppError } from '@/server/errors';
import { createEvent } from '@/server/events/create-event';
import { insertActor, insertEvent, insertPlace, seededPlans } from '@/test-support/fixtures';
import { checkIn } from './check-in';
import { expireOffers } from './offer-expiry';
import { approveRegistration, declineRegistration, setRegistrationTerms } from './organiser';
import { cancelRegistration, confirmOffer, register } from './register';
import { registrantsCsv } from './registrants-export';
import { readTicketCode, ticketCode } from './ticket-code';
import { registrationState } from './tickets';

// Issue 33: registration, the waiting list, tickets and check-in, on PGlite and on PostgreSQL.

let topPlanId: number;
beforeAll(async () => {
  topPlanId = (await seededPlans()).topPlan.id;
});

async function eventTaking(terms: Record<string, string>) {
  const organiser = await insertActor('company', { premiumSettingId: topPlanId });
  const place = await insertPlace(organiser.id);
  const event = await insertEvent(organiser.id, place.id);
  await setRegistrationTerms({
    actor: organiser,
    eventId: event.id,
    input: registrationTermsSchema.parse(terms),
  });
  return { organiser, event };
}

const attendees = (n: number) => Promise.all(Array.from({ length: n }, () => insertActor('user')));

async function statuses(eventId: number) {
  const db = await getDb();
  return db
    .select({ id: registrations.id, userId: registrations.userId, status: registrations.status })
    .from(registrations)
    .where(eq(registrations.eventId, eventId))
    .orderBy(registrations.id);
}

async function spotsLeft(eventId: number) {
  const db = await getDb();
  const [row] = await db.select({ spots: events.spotsLeft }).from(events).where(eq(events.id, eventId));
  return row?.spots;
}

async function codeOf(registrationId: number) {
  const db = await getDb();
  const [row] = await db.select().from(registrations).where(eq(registrations.id, registrationId));
  if (!row) throw new Error('no registration');
  return ticketCode(row.id, row.secret);
}

const errorOf = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, key: error.messageKey, fields: error.fields };
    throw error;
  }
  return null;
};

describe('registration for an event', () => {
  it('confirms exactly 10 of 50 parallel registrations for 10 places and queues the rest', async () => {
    const { event } = await eventTaking({ capacity: '10' });
    const people = await attendees(50);
    const done = await Promise.all(people.map((actor) => register({ actor, eventId: event.id, places: 1 })));
    const counted = { confirmed: 0, waiting: 0 } as Record<string, number>;
    for (const r of done) counted[r.status] = (counted[r.status] ?? 0) + 1;
    expect(counted).toEqual({ confirmed: 10, waiting: 40 });
    expect(await spotsLeft(event.id)).toBe(0);
    const state = await registrationState({ eventId: event.id });
    expect(state).toMatchObject({ state: 'waiting_list', spots_left: 0, waiting: 40, capacity: 10 });
  });

  it('takes places up to the per-person limit, never twice, and never from a company', async () => {
    const { organiser, event } = await eventTaking({ capacity: '20', per_person: '3' });
    const [family] = await attendees(1);
    const actor = family as AuthUser;
    expect(await errorOf(register({ actor, eventId: event.id, places: 4 }))).toMatchObject({
      code: 'validation',
      fields: { places: [{ key: 'api.registration.places_max', params: { max: 3 } }] },
    });
    const first = await register({ actor, eventId: event.id, places: 2 });
    expect(first.status).toBe('confirmed');
    expect(await spotsLeft(event.id)).toBe(18);
    expect(await errorOf(register({ actor, eventId: event.id, places: 1 }))).toMatchObject({
      code: 'conflict',
      key: 'api.registration.already',
    });
    expect(await errorOf(register({ actor: organiser, eventId: event.id, places: 1 }))).toMatchObject({
      code: 'forbidden',
    });
    // The mail with the ticket, its QR code and the calendar file, and the notification.
    const db = await getDb();
    const [person] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.id));
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, person?.email ?? ''));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(await codeOf(first.id));
    expect(mails[0]?.attachments).toEqual([{ ticketId: first.id }]);
    const told = await db.select().from(notifications).where(eq(notifications.userId, actor.id));
    expect(told.map((n) => n.type)).toEqual(['registration_confirmed']);
  });

  it('refuses registrations after the closing time and for an event that takes none', async () => {
    const { event } = await eventTaking({ capacity: '5', closes_at: '2020-01-01T10:00:00Z' });
    const [actor] = (await attendees(1)) as [AuthUser];
    expect(await errorOf(register({ actor, eventId: event.id, places: 1 }))).toMatchObject({
      code: 'conflict',
      key: 'api.registration.closed',
    });
    const organiser = await insertActor('company', { premiumSettingId: topPlanId });
    const other = await insertEvent(organiser.id, (await insertPlace(organiser.id)).id);
    expect(await errorOf(register({ actor, eventId: other.id, places: 1 }))).toMatchObject({
      code: 'conflict',
      key: 'api.registration.not_taken',
    });
  });

  it('keeps the organiser’s typed spots from overwriting the computed ones', async () => {
    const { event } = await eventTaking({ capacity: '8' });
    const [actor] = (await attendees(1)) as [AuthUser];
    await register({ actor, eventId: event.id, places: 3 });
    const db = await getDb();
    await db.update(events).set({ spotsLeft: 500 }).where(eq(events.id, event.id));
    expect(await spotsLeft(event.id)).toBe(5);
  });
});

describe('the waiting list', () => {
  it('gives a cancelled place to the first in line, who confirms it', async () => {
    const { event } = await eventTaking({ capacity: '2' });
    const [a, b, c, d] = (await attendees(4)) as [AuthUser, AuthUser, AuthUser, AuthUser];
    const ra = await register({ actor: a, eventId: event.id, places: 2 });
    const rb = await register({ actor: b, eventId: event.id, places: 1 });
    const rc = await register({ actor: c, eventId: event.id, places: 1 });
    await register({ actor: d, eventId: event.id, places: 2 });
    expect([ra.status, rb.status, rc.status]).toEqual(['confirmed', 'waiting', 'waiting']);
    expect((await registrationState({ eventId: event.id, viewerId: c.id }))?.mine?.position).toBe(2);

    await cancelRegistration({ actor: a, registrationId: ra.id });
    // Two places free: the first in line (1 place) and the second (1 place) are offered; the third waits.
    const after = await statuses(event.id);
    expect(after.map((r) => r.status)).toEqual(['cancelled', 'offered', 'offered', 'waiting']);
    expect(await spotsLeft(event.id)).toBe(0);
    const db = await getDb();
    const told = await db
      .select({ type: notifications.type })
      .from(notifications)
      .where(and(eq(notifications.userId, b.id), eq(notifications.type, 'registration_offered')));
    expect(told).toHaveLength(1);

    const confirmed = await confirmOffer({ actor: b, registrationId: rb.id });
    expect(confirmed.status).toBe('confirmed');
    expect(await errorOf(cancelRegistration({ actor: a, registrationId: ra.id }))).toMatchObject({
      code: 'conflict',
    });
  });

  it('passes an offer not confirmed in 24 hours on to the next in line', async () => {
    const { event } = await eventTaking({ capacity: '1' });
    const [a, b, c] = (await attendees(3)) as [AuthUser, AuthUser, AuthUser];
    const ra = await register({ actor: a, eventId: event.id, places: 1 });
    const rb = await register({ actor: b, eventId: event.id, places: 1 });
    const rc = await register({ actor: c, eventId: event.id, places: 1 });
    const now = new Date();
    await cancelRegistration({ actor: a, registrationId: ra.id, now });
    expect((await statuses(event.id)).map((r) => r.status)).toEqual(['cancelled', 'offered', 'waiting']);

    // 23 hours on, nothing passes on; 25 hours on, b's offer has run out and c is offered.
    // (Other tests' offers share the database: the counts are checked on this event's rows.)
    await expireOffers(new Date(now.getTime() + 23 * 3_600_000));
    expect((await statuses(event.id)).map((r) => r.status)).toEqual(['cancelled', 'offered', 'waiting']);
    const later = new Date(now.getTime() + 25 * 3_600_000);
    expect(await expireOffers(later)).toBeGreaterThanOrEqual(1);
    expect((await statuses(event.id)).map((r) => r.status)).toEqual(['cancelled', 'expired', 'offered']);
    expect(await errorOf(confirmOffer({ actor: b, registrationId: rb.id, now: later }))).toMatchObject({
      key: 'api.registration.offer_gone',
    });
    expect((await confirmOffer({ actor: c, registrationId: rc.id, now: later })).status).toBe('confirmed');
  });
});

describe('approval by the organiser', () => {
  it('holds no place for a request until approved, and refuses an approval past the capacity', async () => {
    const { organiser, event } = await eventTaking({ capacity: '2', approval: 'true' });
    const [a, b] = (await attendees(2)) as [AuthUser, AuthUser];
    const ra = await register({ actor: a, eventId: event.id, places: 2 });
    const rb = await register({ actor: b, eventId: event.id, places: 1 });
    expect([ra.status, rb.status]).toEqual(['pending', 'pending']);
    expect(await spotsLeft(event.id)).toBe(2);
    expect((await approveRegistration({ actor: organiser, registrationId: ra.id })).status).toBe('confirmed');
    expect(await errorOf(approveRegistration({ actor: organiser, registrationId: rb.id }))).toMatchObject({
      code: 'conflict',
      key: 'api.registration.full',
    });
    await declineRegistration({ actor: organiser, registrationId: rb.id, note: 'Brak miejsc' });
    expect((await statuses(event.id)).map((r) => r.status)).toEqual(['confirmed', 'declined']);
    // Another company cannot decide on it.
    const stranger = await insertActor('company', { premiumSettingId: topPlanId });
    expect(await errorOf(approveRegistration({ actor: stranger, registrationId: ra.id }))).toMatchObject({
      code: 'not_found',
    });
  });
});

describe('check-in at the door', () => {
  it('lets one of two parallel scans of a ticket in and tells the other it was used', async () => {
    const { organiser, event } = await eventTaking({ capacity: '5' });
    const [actor] = (await attendees(1)) as [AuthUser];
    const r = await register({ actor, eventId: event.id, places: 2 });
    const code = await codeOf(r.id);
    const scans = await Promise.all([
      checkIn({ actor: organiser, eventId: event.id, code }),
      checkIn({ actor: organiser, eventId: event.id, code: code.toLowerCase().replaceAll('-', ' ') }),
    ]);
    expect(scans.map((s) => s.result).sort()).toEqual(['already_used', 'valid']);
    expect(scans.find((s) => s.result === 'valid')?.places).toBe(2);
  });

  it('refuses a forged code, another event’s ticket and a cancelled one', async () => {
    const { organiser, event } = await eventTaking({ capacity: '5' });
    const other = await eventTaking({ capacity: '5' });
    const [a, b] = (await attendees(2)) as [AuthUser, AuthUser];
    const ra = await register({ actor: a, eventId: event.id, places: 1 });
    const rb = await register({ actor: b, eventId: other.event.id, places: 1 });
    const code = await codeOf(ra.id);
    const parsed = readTicketCode(code);
    expect(parsed?.id).toBe(ra.id);
    // One letter changed in the secret: the signature no longer matches.
    const forged = code.replace(/-([A-Z])/, (_m, letter: string) => `-${letter === 'A' ? 'B' : 'A'}`);
    expect((await checkIn({ actor: organiser, eventId: event.id, code: forged })).result).toBe('invalid');
    expect((await checkIn({ actor: organiser, eventId: event.id, code: 'nonsense' })).result).toBe('invalid');
    expect((await checkIn({ actor: organiser, eventId: event.id, code: await codeOf(rb.id) })).result).toBe(
      'wrong_event',
    );
    await cancelRegistration({ actor: a, registrationId: ra.id });
    expect((await checkIn({ actor: organiser, eventId: event.id, code })).result).toBe('cancelled');
    // Only the event's organiser checks tickets in.
    expect(await errorOf(checkIn({ actor: other.organiser, eventId: event.id, code }))).toMatchObject({
      code: 'forbidden',
    });
  });
});

describe('a series', () => {
  it('gives each date its own places, or takes registrations for one date only', async () => {
    const organiser = await insertActor('company', { eventsLeft: 5, premiumSettingId: topPlanId });
    const place = await insertPlace(organiser.id);
    const { id: eventId } = await createEvent({
      actor: organiser,
      input: createEventBodySchema.parse({
        category_id: '1',
        place_id: String(place.id),
        name: 'Warsztaty sobotnie',
        price_min: '0',
        price_max: '0',
        spots_left: '99',
        start_date: '2031-03-15',
        start_date_h: '10:00',
        end_date: '2031-03-15',
        end_date_h: '12:00',
        repeat: 'weekly',
        repeat_days: ['SA'],
        repeat_end: 'count',
        repeat_count: '4',
      }),
      files: { images: [] },
    });
    const db = await getDb();
    const dates = await db
      .select({ original: eventOccurrences.originalStart })
      .from(eventOccurrences)
      .where(eq(eventOccurrences.eventId, eventId))
      .orderBy(eventOccurrences.startDate);
    const [first, second] = dates.map((d) => d.original) as [Date, Date];
    await setRegistrationTerms({
      actor: organiser,
      eventId,
      input: registrationTermsSchema.parse({ capacity: '2' }),
    });
    // The form's 99 gave way to the first date's 2 places.
    expect(await spotsLeft(eventId)).toBe(2);
    const [a, b] = (await attendees(2)) as [AuthUser, AuthUser];
    const now = new Date('2031-03-01T10:00:00Z');
    expect((await register({ actor: a, eventId, date: first, places: 2, now })).status).toBe('confirmed');
    expect((await register({ actor: b, eventId, date: first, places: 1, now })).status).toBe('waiting');
    expect((await register({ actor: b, eventId, date: second, places: 2, now })).status).toBe('confirmed');
    expect(await spotsLeft(eventId)).toBe(0);
    const state = await registrationState({ eventId, date: second, viewerId: b.id, now });
    expect(state).toMatchObject({ spots_left: 0, mine: { status: 'confirmed', places: 2 } });

    // One date only: the others refuse registrations.
    await setRegistrationTerms({
      actor: organiser,
      eventId,
      input: registrationTermsSchema.parse({ capacity: '2', only_date: second.toISOString() }),
    });
    const [c] = (await attendees(1)) as [AuthUser];
    expect(await errorOf(register({ actor: c, eventId, date: first, places: 1, now }))).toMatchObject({
      code: 'conflict',
      key: 'api.registration.not_taken_for_date',
    });
    expect(
      await errorOf(
        setRegistrationTerms({
          actor: organiser,
          eventId,
          input: registrationTermsSchema.parse({ capacity: '2', only_date: '2031-03-16T09:00:00Z' }),
        }),
      ),
    ).toMatchObject({
      code: 'validation',
      fields: { only_date: [{ key: 'api.registration.no_such_date' }] },
    });
  });
});

describe('the organiser’s list', () => {
  it('exports the registrations as CSV with formulas turned into text', async () => {
    const { organiser, event } = await eventTaking({ capacity: '5' });
    const mallory = await insertActor('user', { firstName: '=HYPERLINK("http://x")', lastName: 'Łukasz' });
    await register({ actor: mallory, eventId: event.id, places: 1 });
    const csv = await registrantsCsv({ actor: organiser, eventId: event.id, locale: 'pl' });
    expect(csv.startsWith('\uFEFFImię i nazwisko,E-mail,Miejsca')).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""http://x"") Łukasz"`);
    const db = await getDb();
    const ids = (await statuses(event.id)).map((r) => r.id);
    expect(await db.select().from(registrations).where(inArray(registrations.id, ids))).toHaveLength(1);
  });
});
