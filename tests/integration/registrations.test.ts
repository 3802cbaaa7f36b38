import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { events } from '@/db/schema';
import { insertEvent } from '@/test-support/fixtures';
import { createAccount, createOrganiser, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { setupSmtp } from '../helpers/smtp';

// Issue 33: registration, tickets and check-in through the API, with the ticket mail read from a real SMTP
// server and its calendar file read by Python's icalendar.

setupTestDb();
const api = setupApi();
const smtp = setupSmtp();
const run = promisify(execFile);

async function eventWithRegistration(terms: Record<string, unknown> = { capacity: 10 }) {
  const organiser = await createOrganiser();
  const event = await insertEvent(organiser.user.id, organiser.placeId);
  const db = await getDb();
  await db
    .update(events)
    .set({ name: `Warsztaty ${event.id}` })
    .where(eq(events.id, event.id));
  const set = await api().inject({
    method: 'PUT',
    url: `/api/event/${event.id}/registration`,
    headers: organiser.auth,
    payload: terms,
  });
  expect(set.statusCode).toBe(200);
  return { organiser, eventId: event.id };
}

describe('registration through the API', () => {
  it('refuses bad terms with field errors, and terms from anyone but the organiser', async () => {
    const organiser = await createOrganiser();
    const event = await insertEvent(organiser.user.id, organiser.placeId);
    const bad = await api().inject({
      method: 'PUT',
      url: `/api/event/${event.id}/registration`,
      headers: { ...organiser.auth, 'accept-language': 'pl' },
      payload: { capacity: 0, per_person: 30, closes_at: 'jutro' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['capacity', 'closes_at', 'per_person']);
    const attendee = await createAccount('user');
    const other = await createOrganiser();
    for (const [headers, status] of [
      [{}, 401],
      [attendee.auth, 403],
      [other.auth, 403],
    ] as const) {
      const refused = await api().inject({
        method: 'PUT',
        url: `/api/event/${event.id}/registration`,
        headers,
        payload: { capacity: 5 },
      });
      expect(refused.statusCode).toBe(status);
    }
    const state = await api().inject({ method: 'GET', url: `/api/event/${event.id}/registration` });
    expect(state.statusCode).toBe(404);
  });

  it('registers two places, mails the ticket with its QR code and calendar file, and checks it in once', async () => {
    const { organiser, eventId } = await eventWithRegistration({ capacity: 10, per_person: 4 });
    const family = await createAccount('user');
    const registered = await api().inject({
      method: 'POST',
      url: `/api/event/${eventId}/register`,
      headers: { ...family.auth, 'accept-language': 'pl' },
      payload: { places: 2 },
    });
    expect(registered.statusCode).toBe(201);
    const ticket = registered.json().data;
    expect(ticket).toMatchObject({ status: 'confirmed', places: 2, event: { id: eventId } });
    expect(ticket.code).toMatch(/^\d+(-[A-Z]{4}){6}$/);
    expect(registered.json().message).toBe('Zapisano. Twój bilet jest gotowy.');

    const state = await api().inject({
      method: 'GET',
      url: `/api/event/${eventId}/registration`,
      headers: family.auth,
    });
    expect(state.json().data).toMatchObject({
      state: 'register',
      spots_left: 8,
      mine: { status: 'confirmed' },
    });
    const detail = await api().inject({ method: 'GET', url: `/api/event/${eventId}` });
    expect(detail.json().data.spots_left).toBe(8);
    expect(detail.json().data.registration).toMatchObject({ state: 'register', capacity: 10, mine: null });

    const [mail] = await smtp.mailsTo(family.user.email);
    expect(mail?.text).toContain(ticket.code);
    expect(mail?.raw).toMatch(/Content-Type: image\/png/i);
    expect(mail?.raw).toMatch(/Content-ID: <ticket-qr@wydarzeniaimiejsca>/i);
    expect(mail?.raw).toMatch(/Content-Type: text\/calendar/i);
    expect(mail?.text).toContain('src="cid:ticket-qr@wydarzeniaimiejsca"');
    const ics = mail?.text.match(/BEGIN:VCALENDAR[\s\S]*?END:VCALENDAR/)?.[0];
    expect(ics).toBeDefined();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ticket-')), 'ticket.ics');
    fs.writeFileSync(file, ics ?? '');
    const { stdout } = await run('/usr/bin/python3', [
      '-c',
      'import sys, icalendar; c = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read()); ' +
        'e = c.walk("VEVENT")[0]; print(e["SUMMARY"]); print(e["UID"])',
      file,
    ]);
    expect(stdout.split('\n').slice(0, 2)).toEqual([
      `Warsztaty ${eventId}`,
      `ticket-${ticket.id}@wydarzeniaimiejsca`,
    ]);

    const scan = (headers: Record<string, string>) =>
      api().inject({
        method: 'POST',
        url: `/api/event/${eventId}/check_in`,
        headers: { ...headers, 'accept-language': 'en' },
        payload: { code: ticket.code.toLowerCase() },
      });
    expect((await scan(family.auth)).statusCode).toBe(403);
    const first = await scan(organiser.auth);
    expect(first.json()).toMatchObject({
      result: 'valid',
      places: 2,
      message: expect.stringContaining('2 places'),
    });
    expect((await scan(organiser.auth)).json().result).toBe('already_used');
  });

  it('sends a guest to sign in, refuses a company, and answers 409 to a second registration', async () => {
    const { organiser, eventId } = await eventWithRegistration({ capacity: 3 });
    const anonymous = await api().inject({
      method: 'POST',
      url: `/api/event/${eventId}/register`,
      payload: { places: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    const company = await api().inject({
      method: 'POST',
      url: `/api/event/${eventId}/register`,
      headers: organiser.auth,
      payload: { places: 1 },
    });
    expect(company.statusCode).toBe(403);
    const attendee = await createAccount('user');
    const tooMany = await api().inject({
      method: 'POST',
      url: `/api/event/${eventId}/register`,
      headers: { ...attendee.auth, 'accept-language': 'en' },
      payload: { places: 5 },
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.places).toEqual(['You can register at most 4 places.']);
    const once = {
      method: 'POST' as const,
      url: `/api/event/${eventId}/register`,
      headers: attendee.auth,
      payload: { places: 3 },
    };
    expect((await api().inject(once)).statusCode).toBe(201);
    expect((await api().inject(once)).statusCode).toBe(409);
    // Full now: the next attendee joins the waiting list.
    const next = await createAccount('user');
    const waiting = await api().inject({ ...once, headers: next.auth, payload: { places: 1 } });
    expect(waiting.json().data).toMatchObject({ status: 'waiting', code: null });
  });

  it('shows and cancels a ticket for its holder only', async () => {
    const { eventId } = await eventWithRegistration({ capacity: 5 });
    const holder = await createAccount('user');
    const other = await createAccount('user');
    const created = await api().inject({
      method: 'POST',
      url: `/api/event/${eventId}/register`,
      headers: holder.auth,
      payload: { places: 1 },
    });
    const id = created.json().data.id;
    for (const [method, url] of [
      ['GET', `/api/tickets/${id}`],
      ['GET', `/api/tickets/${id}/ics`],
      ['POST', `/api/tickets/${id}/cancel`],
    ] as const) {
      const refused = await api().inject({
        method,
        url,
        headers: other.auth,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(refused.statusCode, url).toBe(404);
    }
    const mine = await api().inject({ method: 'GET', url: '/api/tickets', headers: other.auth });
    expect(mine.json().data).toEqual([]);
    const cancelled = await api().inject({
      method: 'POST',
      url: `/api/tickets/${id}/cancel`,
      headers: holder.auth,
      payload: {},
    });
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', code: null });
    const again = await api().inject({
      method: 'POST',
      url: `/api/tickets/${id}/cancel`,
      headers: holder.auth,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
  });

  it('gives the organiser the list as CSV, and nobody else', async () => {
    const { organiser, eventId } = await eventWithRegistration({ capacity: 5 });
    const attendee = await createAccount('user');
    await api().inject({
      method: 'POST',
      url: `/api/event/${eventId}/register`,
      headers: attendee.auth,
      payload: { places: 1 },
    });
    const csv = await api().inject({
      method: 'GET',
      url: `/api/event/${eventId}/registrations.csv`,
      headers: { ...organiser.auth, 'accept-language': 'en' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain('Name,E-mail,Places,Status');
    expect(csv.body).toContain(attendee.user.email);
    const stranger = await createOrganiser();
    const refused = await api().inject({
      method: 'GET',
      url: `/api/event/${eventId}/registrations.csv`,
      headers: stranger.auth,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('asks the organiser to approve, and tells the attendee the answer: approved, or declined with a note', async () => {
    const { organiser, eventId } = await eventWithRegistration({ capacity: 5, approval: true });
    const [first, second] = [await createAccount('user'), await createAccount('user')];
    for (const who of [first, second]) {
      const asked = await api().inject({
        method: 'POST',
        url: `/api/event/${eventId}/register`,
        headers: who.auth,
        payload: { places: 1 },
      });
      expect(asked.statusCode).toBe(201);
      expect(asked.json().data.status).toBe('pending');
    }
    const list = await api().inject({ url: `/api/event/${eventId}/registrations`, headers: organiser.auth });
    const idOf = (userEmail: string) =>
      (list.json().data as { id: number; email: string }[]).find((r) => r.email === userEmail)?.id;
    const firstId = idOf(first.user.email);
    const secondId = idOf(second.user.email);
    expect(firstId && secondId).toBeTruthy();

    // Only the organiser answers; the attendee cannot approve their own.
    const own = await api().inject({
      method: 'POST',
      url: `/api/registrations/${firstId}/approve`,
      headers: first.auth,
    });
    expect(own.statusCode).toBe(403);

    const approved = await api().inject({
      method: 'POST',
      url: `/api/registrations/${firstId}/approve`,
      headers: { ...organiser.auth, 'accept-language': 'en' },
    });
    expect(approved.statusCode).toBe(200);
    const again = await api().inject({
      method: 'POST',
      url: `/api/registrations/${firstId}/approve`,
      headers: organiser.auth,
    });
    // Approving twice changes nothing and is no error (a double tap).
    expect(again.statusCode).toBe(200);
    const declined = await api().inject({
      method: 'POST',
      url: `/api/registrations/${secondId}/decline`,
      headers: organiser.auth,
      payload: { note: 'Warsztaty są dla dzieci od 8 lat.' },
    });
    expect(declined.statusCode).toBe(200);

    const ticketOf = async (who: typeof first, id: number | undefined) =>
      (await api().inject({ url: `/api/tickets/${id}`, headers: who.auth })).json().data;
    expect(await ticketOf(first, firstId)).toMatchObject({ status: 'confirmed', code: expect.any(String) });
    expect(await ticketOf(second, secondId)).toMatchObject({
      status: 'declined',
      code: null,
      note: 'Warsztaty są dla dzieci od 8 lat.',
    });
  });

  it('lets the organiser write to everyone registered, and refuses an empty message by field', async () => {
    const { organiser, eventId } = await eventWithRegistration({ capacity: 5 });
    const attendee = await createAccount('user');
    await api().inject({
      method: 'POST',
      url: `/api/event/${eventId}/register`,
      headers: attendee.auth,
      payload: { places: 1 },
    });
    const empty = await api().inject({
      method: 'POST',
      url: `/api/event/${eventId}/registrations/message`,
      headers: { ...organiser.auth, 'accept-language': 'en' },
      payload: { message: '   ' },
    });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(['message']);
    const stranger = await createOrganiser();
    const refused = await api().inject({
      method: 'POST',
      url: `/api/event/${eventId}/registrations/message`,
      headers: stranger.auth,
      payload: { message: 'Hej' },
    });
    expect(refused.statusCode).toBe(403);

    const sent = await api().inject({
      method: 'POST',
      url: `/api/event/${eventId}/registrations/message`,
      headers: organiser.auth,
      payload: { message: 'Zmiana sali: zapraszamy do sali B.' },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({ sent: 1 });
    const thread = await api().inject({
      url: `/api/message/getDetails/${organiser.user.id}`,
      headers: attendee.auth,
    });
    expect(thread.statusCode).toBe(200);
    expect((thread.json().data as { message: string }[]).map((m) => m.message)).toContain(
      'Zmiana sali: zapraszamy do sali B.',
    );
  });

  it('documents every call in /api/docs', async () => {
    const docs = (await api().inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const route of [
      '/api/event/{id}/registration',
      '/api/event/{id}/register',
      '/api/tickets',
      '/api/tickets/{id}',
      '/api/tickets/{id}/cancel',
      '/api/tickets/{id}/confirm',
      '/api/event/{id}/registrations',
      '/api/event/{id}/registrations.csv',
      '/api/registrations/{id}/approve',
      '/api/registrations/{id}/decline',
      '/api/event/{id}/check_in',
    ]) {
      expect(Object.keys(docs.paths)).toContain(route);
    }
  });
});
