import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '@/api/plugins/auth';
import { translate } from '@/i18n/translate';
import { calendarFeedUrlsSchema } from '@/lib/schemas/calendar-feed';
import { dataOf } from '@/lib/schemas/common-responses';
import { getCalendarFeed, resetCalendarFeed } from '@/server/calendar-feed/calendar-feed';
import { notFound } from '@/server/errors';

export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/calendar/feed/:token.ics - the private calendar feed (iCalendar); the token is the only key
  app.get(
    '/api/calendar/feed/:file',
    {
      schema: {
        tags: ['calendar'],
        params: z.object({ file: z.string().max(100) }),
        produces: ['text/calendar'],
        response: { 200: z.string().describe("The attendee's calendar events as iCalendar (RFC 5545)") },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      if (!file.endsWith('.ics')) throw notFound();
      const feed = await getCalendarFeed({
        token: file.slice(0, -'.ics'.length),
        calendarName: translate(request.locale, 'calendar.feed.name'),
      });
      // The address is the secret: no shared cache may keep the answer.
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Cache-Control', 'private, no-store')
        .send(feed);
    },
  );

  // POST /api/calendar/feed/reset - a new secret address for the signed-in attendee; the old one stops working
  app.post(
    '/api/calendar/feed/reset',
    { schema: { tags: ['calendar'], response: { 200: dataOf(calendarFeedUrlsSchema) } } },
    async (request) => {
      const actor = actorOf(request);
      return { data: await resetCalendarFeed({ actor }) };
    },
  );
};
