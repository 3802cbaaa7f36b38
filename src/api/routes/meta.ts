import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listCategories, listLanguages } from '@/server/categories/list-categories';
import { checkHealth } from '@/server/health/check-health';

export const metaRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/category - all categories, named in the request's language
  app.get('/api/category', { schema: { tags: ['catalogue'] } }, async (request) => ({
    data: await listCategories({ locale: request.locale }),
  }));

  // GET /api/language - the languages a place's staff can speak
  app.get('/api/language', { schema: { tags: ['catalogue'] } }, async (request) => ({
    data: await listLanguages({ locale: request.locale }),
  }));

  // GET /api/health - for operators and load balancers: is the database reachable
  app.get('/api/health', { schema: { tags: ['operations'] } }, async (_request, reply) => {
    const health = await checkHealth();
    const ok = health.database === 'ok';
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', ...health });
  });
};
