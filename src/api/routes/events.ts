import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteRoute } from '@/api/delete-route';
import { firstFile, formFiles, parseFields, readForm } from '@/api/forms';
import { actorOf } from '@/api/plugins/auth';
import { hitSourceOf } from '@/api/stats-source';
import { getConfig } from '@/config';
import { translate } from '@/i18n/translate';
import { locales } from '@/lib/locale';
import { localePath } from '@/lib/locale-path';
import { descriptionLines } from '@/lib/sanitize-html';
import { favouriteBodySchema } from '@/lib/schemas/comments';
import { dataOf, dataWithMessageOf, favouriteStateSchema } from '@/lib/schemas/common-responses';
import { createEventBodySchema, updateEventBodySchema } from '@/lib/schemas/event';
import {
  calendarStateSchema,
  eventCreatedSchema,
  eventDetailSchema,
  eventSearchPageSchema,
  eventsLeftSchema,
  listedEventSchema,
  myEventsPageSchema,
  ownEventSchema,
} from '@/lib/schemas/event-responses';
import { idParams } from '@/lib/schemas/fields';
import { myEventsQuerySchema } from '@/lib/schemas/my-events';
import { eventSearchQuerySchema } from '@/lib/schemas/search';
import { createEvent } from '@/server/events/create-event';
import { deleteEvent } from '@/server/events/delete-event';
import { addEventTo, listEventsIn, removeEventFrom } from '@/server/events/event-lists';
import { getEventDetail, listMyEvents } from '@/server/events/get-event';
import { eventToIcs } from '@/server/events/ics';
import { findMyEvents } from '@/server/events/my-events';
import { ownedEvent } from '@/server/events/owned-event';
import { ensureCreationLeft, getEventsLeft } from '@/server/events/quota';
import { updateEvent } from '@/server/events/update-event';
import { companyMediaLimits } from '@/server/plans/limits';
import { hit } from '@/server/rate-limit';
import { panelState, registrationState } from '@/server/registrations/tickets';
import { searchEvents } from '@/server/search/search-events';
import { countVisitorHits } from '@/server/stats/visitor-hits';

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/event - search: text, city, category, dates, prices, distance, orders, 12 per page
  app.get(
    '/api/event',
    {
      schema: {
        tags: ['events'],
        querystring: eventSearchQuerySchema,
        response: { 200: eventSearchPageSchema },
      },
    },
    async (request) => searchEvents({ ...request.query, locale: request.locale }),
  );

  // GET /api/event/get_mine - the signed-in company's events; all of them, or a page with q, when, page
  app.get(
    '/api/event/get_mine',
    {
      schema: {
        tags: ['events'],
        description:
          'Without parameters: every event of the company, latest start first, as `{ data }`. With any of ' +
          '`q` (a part of the name or place name), `when` (`upcoming`: not ended, soonest first; `past`: ' +
          'ended, latest first), `page` or `per_page` (default 12): one page in the list envelope, with ' +
          '`counts` of both tabs for the search and `creation_back` on each event (deleting it now gives ' +
          'its creation back). A page past the last answers the last.',
        querystring: myEventsQuerySchema,
        response: { 200: z.union([myEventsPageSchema, dataOf(z.array(ownEventSchema))]) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { q, when, page, per_page } = request.query;
      if (q === undefined && when === undefined && page === undefined && per_page === undefined) {
        return { data: await listMyEvents({ actor }) };
      }
      return findMyEvents({ actor, query: request.query });
    },
  );

  // GET /api/event/favourite, /api/event/calendar - the attendee's lists
  const listedEvents = { tags: ['events'], response: { 200: dataOf(z.array(listedEventSchema)) } };
  app.get('/api/event/favourite', { schema: listedEvents }, async (request) => {
    const actor = actorOf(request);
    return { data: await listEventsIn({ actor, kind: 'favourite', locale: request.locale }) };
  });
  app.get('/api/event/calendar', { schema: listedEvents }, async (request) => {
    const actor = actorOf(request);
    return { data: await listEventsIn({ actor, kind: 'calendar', locale: request.locale }) };
  });

  // POST /api/event/add_favourite, remove_favourite, add_calendar, remove_calendar - body { id }; idempotent
  for (const [path, kind, add] of [
    ['add_favourite', 'favourite', true],
    ['remove_favourite', 'favourite', false],
    ['add_calendar', 'calendar', true],
    ['remove_calendar', 'calendar', false],
  ] as const) {
    app.post(
      `/api/event/${path}`,
      {
        schema: {
          tags: ['events'],
          body: favouriteBodySchema,
          response: { 200: dataOf(kind === 'favourite' ? favouriteStateSchema : calendarStateSchema) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const eventId = request.body.id;
        await (add ? addEventTo({ actor, eventId, kind }) : removeEventFrom({ actor, eventId, kind }));
        return {
          data: kind === 'favourite' ? { id: eventId, favourite: add } : { id: eventId, calendar: add },
        };
      },
    );
  }

  // GET /api/company/get_events_left - how many events the company may still create
  app.get(
    '/api/company/get_events_left',
    { schema: { tags: ['events'], response: { 200: dataOf(eventsLeftSchema) } } },
    async (request) => {
      const actor = actorOf(request);
      const left = await getEventsLeft({ actor });
      return { data: { events_left: left, total: left } };
    },
  );

  // GET /api/event/:id - an event with its place summary (spec §3)
  app.get(
    '/api/event/:id',
    { schema: { tags: ['events'], params: idParams, response: { 200: dataOf(eventDetailSchema) } } },
    async (request) => {
      const viewer = await request.currentUser();
      const [event, registration] = await Promise.all([
        getEventDetail({ id: request.params.id, locale: request.locale, viewerId: viewer?.id ?? null }),
        registrationState({
          eventId: request.params.id,
          viewerId: viewer?.role === 'user' ? viewer.id : null,
        }),
      ]);
      return { data: { ...event, registration: registration && panelState(registration) } };
    },
  );

  // GET /api/event/:id/ics - the event as an iCalendar file for one's own calendar app
  app.get(
    '/api/event/:id/ics',
    {
      schema: {
        tags: ['events'],
        params: idParams,
        // The page's language (issue 31): a browser's Accept-Language may not be the page's.
        querystring: z.object({ lang: z.enum(locales).optional() }),
        produces: ['text/calendar'],
        response: { 200: z.string().describe('The event as an iCalendar file (RFC 5545)') },
      },
    },
    async (request, reply) => {
      const locale = request.query.lang ?? request.locale;
      const event = await getEventDetail({ id: request.params.id, locale });
      const url = `${getConfig().publicUrl}${localePath(`/event/${event.id}`, locale)}`;
      await countVisitorHits(await hitSourceOf(request), [
        { subject: 'event', id: event.id, measure: 'ics_download' },
      ]).catch((error) => request.log.error(error, 'counting an .ics download failed'));
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="event-${event.id}.ics"`)
        .send(
          await eventToIcs(event, {
            url,
            plainDescription: descriptionLines(event.description ?? '', 2000),
          }),
        );
    },
  );

  // POST /api/event - create an event (multipart), taking one of the company's left creations
  app.post(
    '/api/event',
    { schema: { tags: ['events'], response: { 201: eventCreatedSchema } } },
    async (request, reply) => {
      const actor = actorOf(request);
      await hit('eventSavesByCompany', String(actor.id));
      // An empty quota is told before the photos are read, not after.
      await ensureCreationLeft(actor.id);
      const form = await readForm(
        request,
        formFiles.event((await companyMediaLimits(actor.id, 'event')).images),
      );
      const input = parseFields(createEventBodySchema, form.fields);
      const { id, eventsLeft } = await createEvent({
        actor,
        input,
        files: { banner: firstFile(form.files, 'banner'), images: form.files.images ?? [] },
      });
      return reply.status(201).send({
        data: await getEventDetail({ id, locale: request.locale, viewerId: actor.id }),
        events_left: eventsLeft,
        message: translate(request.locale, 'api.success'),
      });
    },
  );

  // POST /api/event/:id with _method=PUT - the owner edits an event (multipart)
  app.post(
    '/api/event/:id',
    {
      schema: { tags: ['events'], params: idParams, response: { 200: dataWithMessageOf(eventDetailSchema) } },
    },
    async (request) => {
      const actor = actorOf(request);
      await ownedEvent(actor, request.params.id);
      await hit('eventSavesByCompany', String(actor.id));
      const form = await readForm(
        request,
        formFiles.event((await companyMediaLimits(actor.id, 'event')).images),
      );
      const input = parseFields(updateEventBodySchema, form.fields);
      await updateEvent({
        actor,
        eventId: request.params.id,
        input,
        files: { banner: firstFile(form.files, 'banner'), images: form.files.images ?? [] },
      });
      return {
        data: await getEventDetail({ id: request.params.id, locale: request.locale, viewerId: actor.id }),
        message: translate(request.locale, 'api.success'),
      };
    },
  );

  // DELETE /api/event/:id - the owner cancels an event
  deleteRoute(app, '/api/event/:id', 'events', (actor, eventId) => deleteEvent({ actor, eventId }));
};
