import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hitSourceOf } from '@/api/stats-source';
import { feedFormats, feedQuerySchema } from '@/lib/feeds/feed-query';
import { feedTypes } from '@/lib/feeds/feed-urls';
import { getFeed, matchesEtag } from '@/server/feeds/get-feed';
import { countVisitorHits } from '@/server/stats/visitor-hits';

const described = {
  ics: 'The next events of the search as an iCalendar to subscribe to (RFC 5545)',
  rss: 'The next events of the search as an RSS 2.0 channel',
  json: 'The next events of the search as a JSON Feed 1.1',
} as const;

export const feedsRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/feed/events.ics, events.rss, events.json - the next 500 events of a search (GET /api/event's
  // filters, company_id and lang), public and cached
  for (const format of feedFormats) {
    app.get(
      `/api/feed/events.${format}`,
      {
        schema: {
          tags: ['feeds'],
          querystring: feedQuerySchema,
          produces: [feedTypes[format]],
          response: {
            200: z.string().describe(described[format]),
            304: z.null().describe('Not modified: the ETag given in If-None-Match is current'),
          },
        },
      },
      async (request, reply) => {
        const feed = await getFeed({
          format,
          query: request.query,
          locale: request.query.lang ?? request.locale,
        });
        // Issue 28: a place's own feed fetched is a subscription, counted once per reader and day.
        if (request.query.place_id !== undefined) {
          await countVisitorHits(
            await hitSourceOf(request),
            [{ subject: 'place', id: request.query.place_id, measure: 'feed_subscribe' }],
            { readers: true },
          ).catch((error) => request.log.error(error, 'counting a feed subscription failed'));
        }
        reply.header('ETag', feed.etag).header('Cache-Control', 'public, max-age=300');
        if (matchesEtag(request.headers['if-none-match'], feed.etag)) return reply.code(304).send(null);
        return reply.header('Content-Type', feed.contentType).send(feed.body);
      },
    );
  }
};
