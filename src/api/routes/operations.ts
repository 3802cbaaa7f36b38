import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, readinessSchema } from '@/lib/schemas/catalogue-responses';
import { notFound, unauthenticated } from '@/server/errors';
import { checkHealth } from '@/server/health/check-health';
import { checkReadiness } from '@/server/health/check-readiness';
import { metricsContentType, scrapeMetrics } from '@/server/metrics/cluster-metrics';
import { addCacheSource } from '@/server/metrics/portal-metrics';
import { metricsAccess } from '@/server/metrics/scrape-access';
import { pageCacheCounts } from '@/web/page-cache';

// For operators and load balancers, not for the portal's users.
export const operationsRoutes: FastifyPluginAsyncZod = async (app) => {
  addCacheSource('page', pageCacheCounts);

  // GET /api/health - liveness: is the process up and its database reachable
  app.get(
    '/api/health',
    { schema: { tags: ['operations'], response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const health = await checkHealth();
      const ok = health.database === 'ok';
      return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', ...health });
    },
  );

  // GET /api/ready - readiness: may the balancer send this process requests (services up, not draining)
  app.get(
    '/api/ready',
    { schema: { tags: ['operations'], response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_request, reply) => {
      const readiness = await checkReadiness();
      return reply.status(readiness.ready ? 200 : 503).send(readiness);
    },
  );

  // GET /api/metrics - Prometheus text for every process; only with METRICS_TOKEN, whose absence shows as
  // a plain 404. Not in /api/docs: it is no part of the portal's API.
  app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
    const access = metricsAccess(request.headers.authorization);
    if (access === 'off') throw notFound();
    if (access === 'denied') {
      reply.header('www-authenticate', 'Bearer');
      throw unauthenticated();
    }
    const text = await scrapeMetrics();
    return reply.header('cache-control', 'no-store').type(metricsContentType).send(text);
  });
};
