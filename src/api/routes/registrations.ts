import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '@/api/plugins/auth';
import type { EventRegistration } from '@/db/schema';
import { translate } from '@/i18n/translate';
import { dataOf, dataWithMessageOf } from '@/lib/schemas/common-responses';
import { idParams } from '@/lib/schemas/fields';
import {
  checkInResultSchema,
  registrantSchema,
  registrationStateSchema,
  registrationTermsResponseSchema,
  ticketSchema,
} from '@/lib/schemas/registration-responses';
import {
  checkInBodySchema,
  declineBodySchema,
  registerBodySchema,
  registrantsMessageSchema,
  registrationTermsSchema,
} from '@/lib/schemas/registrations';
import { warsawToday } from '@/server/admin/newsletter-csv';
import { notFound } from '@/server/errors';
import { checkIn } from '@/server/registrations/check-in';
import {
  approveRegistration,
  declineRegistration,
  listRegistrants,
  ownRegistrationTerms,
  removeRegistrationTerms,
  setRegistrationTerms,
} from '@/server/registrations/organiser';
import { cancelRegistration, confirmOffer, register } from '@/server/registrations/register';
import { messageRegistrants, registrantsCsv } from '@/server/registrations/registrants-export';
import { ticketIcs } from '@/server/registrations/ticket-files';
import { getTicket, listMyTickets, registrationState, type Ticket } from '@/server/registrations/tickets';

// Issue 33: registration for events, the waiting list, tickets and check-in.

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const termsOut = (t: EventRegistration) => ({
  event_id: t.eventId,
  capacity: t.capacity,
  per_person: t.perPerson,
  approval: t.approval,
  closes_at: iso(t.closesAt),
  only_date: iso(t.onlyDate),
});

const ticketOut = (t: Ticket) => ({
  ...t,
  starts_at: t.starts_at.toISOString(),
  ends_at: t.ends_at.toISOString(),
  offered_until: iso(t.offered_until),
  checked_in_at: iso(t.checked_in_at),
  created_at: t.created_at.toISOString(),
});

const dateQuery = z.object({
  date: z.iso
    .datetime({ offset: true })
    .optional()
    .describe("a series' date, by its original start (as `date` of the registration state)"),
});
const dateOf = (q: { date?: string }) => (q.date ? new Date(q.date) : undefined);

export const registrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/event/:id/registration - whether and how the event takes registrations, and the viewer's own
  app.get(
    '/api/event/:id/registration',
    {
      schema: {
        tags: ['registrations'],
        description:
          'The registration state of the event (a series: of `date`, else of the date it shows). 404 when the ' +
          'event takes no registrations. `mine` is the signed-in attendee’s live registration.',
        params: idParams,
        querystring: dateQuery,
        response: { 200: dataOf(registrationStateSchema) },
      },
    },
    async (request, reply) => {
      const viewer = await request.currentUser();
      const state = await registrationState({
        eventId: request.params.id,
        date: dateOf(request.query),
        viewerId: viewer?.role === 'user' ? viewer.id : null,
      });
      if (!state) throw notFound();
      reply.header('Cache-Control', 'private, no-store');
      return {
        data: {
          ...state,
          closes_at: iso(state.closes_at),
          date: iso(state.date),
          mine: state.mine ? { ...state.mine, offered_until: iso(state.mine.offered_until) } : null,
        },
      };
    },
  );

  // PUT /api/event/:id/registration - the organiser turns registration on or changes its terms
  app.put(
    '/api/event/:id/registration',
    {
      schema: {
        tags: ['registrations'],
        params: idParams,
        body: registrationTermsSchema,
        response: { 200: dataWithMessageOf(registrationTermsResponseSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const terms = await setRegistrationTerms({ actor, eventId: request.params.id, input: request.body });
      return { data: termsOut(terms), message: translate(request.locale, 'api.success') };
    },
  );

  // GET /api/event/:id/registration/terms - the organiser's terms as set
  app.get(
    '/api/event/:id/registration/terms',
    {
      schema: {
        tags: ['registrations'],
        params: idParams,
        response: { 200: dataOf(registrationTermsResponseSchema.nullable()) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const terms = await ownRegistrationTerms({ actor, eventId: request.params.id });
      return { data: terms ? termsOut(terms) : null };
    },
  );

  // DELETE /api/event/:id/registration - turns registration off while nobody is registered
  app.delete(
    '/api/event/:id/registration',
    { schema: { tags: ['registrations'], params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const actor = actorOf(request);
      await removeRegistrationTerms({ actor, eventId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  // POST /api/event/:id/register - an attendee registers places (confirmed, waiting or awaiting approval)
  app.post(
    '/api/event/:id/register',
    {
      schema: {
        tags: ['registrations'],
        description:
          '201 with the registration: `confirmed` (with its ticket `code`), `waiting` (the date is full) or ' +
          '`pending` (the organiser approves each). 403 for a company, 409 when closed or already registered, ' +
          '422 for more places than allowed.',
        params: idParams,
        body: registerBodySchema,
        response: { 201: dataWithMessageOf(ticketSchema) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const created = await register({
        actor,
        eventId: request.params.id,
        date: request.body.date,
        places: request.body.places,
      });
      const ticket = await getTicket({ actor, id: created.id, locale: request.locale });
      return reply.status(201).send({
        data: ticketOut(ticket),
        message: translate(request.locale, `registrations.done.${created.status}`),
      });
    },
  );

  // GET /api/tickets - the attendee's registrations and tickets
  app.get(
    '/api/tickets',
    { schema: { tags: ['registrations'], response: { 200: dataOf(z.array(ticketSchema)) } } },
    async (request) => {
      const actor = actorOf(request);
      return { data: (await listMyTickets({ actor, locale: request.locale })).map(ticketOut) };
    },
  );

  // GET /api/tickets/:id - one of the attendee's tickets
  app.get(
    '/api/tickets/:id',
    { schema: { tags: ['registrations'], params: idParams, response: { 200: dataOf(ticketSchema) } } },
    async (request) => {
      const actor = actorOf(request);
      return { data: ticketOut(await getTicket({ actor, id: request.params.id, locale: request.locale })) };
    },
  );

  // GET /api/tickets/:id/ics - the ticket's date for a calendar
  app.get(
    '/api/tickets/:id/ics',
    {
      schema: {
        tags: ['registrations'],
        produces: ['text/calendar'],
        params: idParams,
        response: { 200: z.string().describe('an iCalendar file with the ticket’s date') },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const ticket = await getTicket({ actor, id: request.params.id, locale: request.locale });
      const ics = await ticketIcs(ticket.id);
      if (!ics) throw notFound();
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="ticket-${ticket.id}.ics"`)
        .header('Cache-Control', 'private, no-store')
        .send(ics);
    },
  );

  // POST /api/tickets/:id/cancel, /confirm - the attendee cancels, or takes places offered from the waiting list
  for (const [path, run, done] of [
    ['cancel', cancelRegistration, 'registrations.cancelled'],
    ['confirm', confirmOffer, 'registrations.done.confirmed'],
  ] as const) {
    app.post(
      `/api/tickets/:id/${path}`,
      {
        schema: {
          tags: ['registrations'],
          params: idParams,
          response: { 200: dataWithMessageOf(ticketSchema) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        await run({ actor, registrationId: request.params.id });
        const ticket = await getTicket({ actor, id: request.params.id, locale: request.locale });
        return { data: ticketOut(ticket), message: translate(request.locale, done) };
      },
    );
  }

  // GET /api/event/:id/registrations - the organiser's list of who is coming
  app.get(
    '/api/event/:id/registrations',
    {
      schema: {
        tags: ['registrations'],
        params: idParams,
        querystring: dateQuery,
        response: { 200: dataOf(z.array(registrantSchema)) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const rows = await listRegistrants({ actor, eventId: request.params.id, date: dateOf(request.query) });
      return {
        data: rows.map((r) => ({
          ...r,
          date: iso(r.date),
          created_at: r.created_at.toISOString(),
          checked_in_at: iso(r.checked_in_at),
          offered_until: iso(r.offered_until),
        })),
      };
    },
  );

  // GET /api/event/:id/registrations.csv - the same list as a spreadsheet
  app.get(
    '/api/event/:id/registrations.csv',
    {
      schema: {
        tags: ['registrations'],
        produces: ['text/csv'],
        params: idParams,
        querystring: dateQuery,
        response: {
          200: z
            .string()
            .describe('name, e-mail, places, status, date, registered, checked in (CSV, CRLF rows)'),
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const csv = await registrantsCsv({
        actor,
        eventId: request.params.id,
        date: dateOf(request.query),
        locale: request.locale,
      });
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="registrations-${request.params.id}-${warsawToday()}.csv"`,
        )
        .header('Cache-Control', 'private, no-store')
        .send(csv);
    },
  );

  // POST /api/registrations/:id/approve, /decline - the organiser decides on a registration
  app.post(
    '/api/registrations/:id/approve',
    {
      schema: {
        tags: ['registrations'],
        params: idParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await approveRegistration({ actor, registrationId: request.params.id });
      return { message: translate(request.locale, 'registrations.approved') };
    },
  );
  app.post(
    '/api/registrations/:id/decline',
    {
      schema: {
        tags: ['registrations'],
        params: idParams,
        body: declineBodySchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await declineRegistration({ actor, registrationId: request.params.id, note: request.body.note });
      return { message: translate(request.locale, 'registrations.declined') };
    },
  );

  // POST /api/event/:id/registrations/message - one message to everyone registered
  app.post(
    '/api/event/:id/registrations/message',
    {
      schema: {
        tags: ['registrations'],
        params: idParams,
        body: registrantsMessageSchema,
        response: { 200: z.object({ data: z.object({ sent: z.int() }), message: z.string() }) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { sent } = await messageRegistrants({ actor, eventId: request.params.id, ...request.body });
      return {
        data: { sent },
        message: translate(request.locale, 'registrations.messaged', { count: sent }),
      };
    },
  );

  // POST /api/event/:id/check_in - a ticket at the door: valid, already used, wrong event, cancelled…
  app.post(
    '/api/event/:id/check_in',
    {
      schema: {
        tags: ['registrations'],
        description:
          'Always 200 for a code read at the door: `result` says whether it lets the holder in. Two scans of ' +
          'one ticket at once: one `valid`, the other `already_used`.',
        params: idParams,
        body: checkInBodySchema,
        response: { 200: checkInResultSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const done = await checkIn({
        actor,
        eventId: request.params.id,
        code: request.body.code,
        date: request.body.date,
      });
      return {
        ...done,
        checked_in_at: iso(done.checked_in_at),
        message: translate(request.locale, `registrations.check_in.${done.result}`, {
          name: done.name ?? '',
          places: done.places ?? 0,
        }),
      };
    },
  );
};
