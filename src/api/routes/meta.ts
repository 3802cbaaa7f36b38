import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryResourceSchema,
  healthSchema,
  languageResourceSchema,
} from '@/lib/schemas/catalogue-responses';
import { dataOf } from '@/lib/schemas/common-responses';
import { listCategories, listLanguages } from '@/server/categories/list-categories';
import { checkHealth } from '@/server/health/check-health';

export const metaRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/category - all categories, named in the request's language
  app.get(
    '/api/category',
    { schema: { tags: ['catalogue'], response: { 200: dataOf(z.array(categoryResourceSchema)) } } },
    async (request) => ({ data: await listCategories({ locale: request.locale }) }),
  );

  // GET /api/language - the languages a place's staff can speak
  app.get(
    '/api/language',
    { schema: { tags: ['catalogue'], response: { 200: dataOf(z.array(languageResourceSchema)) } } },
    async (request) => ({ data: await listLanguages({ locale: request.locale }) }),
  );

  // GET /api/health - for operators and load balancers: is the database reachable
  app.get(
    '/api/health',
    { schema: { tags: ['operations'], response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const health = await checkHealth();
      const ok = health.database === 'ok';
      return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', ...health });
    },
  );
};
