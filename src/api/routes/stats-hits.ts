import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownOriginOnly } from '@/api/plugins/same-origin';
import { hitSourceOf } from '@/api/stats-source';
import { noContentSchema } from '@/lib/schemas/common-responses';
import { statHitsBodySchema } from '@/lib/schemas/stats-hits';
import { hit } from '@/server/rate-limit';
import { countVisitorHits } from '@/server/stats/visitor-hits';

export const statsHitsRoutes: FastifyPluginAsyncZod = async (app) => {
  // POST /api/stats/hits - impressions and clicks a page reports (navigator.sendBeacon); each counts once
  // per visitor, event or place, measure and Warsaw day; only from the portal's own pages
  app.post(
    '/api/stats/hits',
    {
      onRequest: ownOriginOnly({ always: true }),
      schema: {
        tags: ['statistics'],
        body: statHitsBodySchema,
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      await hit('statBeaconsByIp', request.ip);
      await countVisitorHits(await hitSourceOf(request), request.body.hits);
      return reply.status(204).send();
    },
  );
};
