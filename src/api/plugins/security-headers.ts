import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { getConfig } from '@/config';
import { apiSecurityHeaders } from '@/web/security-headers';

/** Set first, so that a route with needs of its own (the media route's sandbox) overrides them. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const headers = apiSecurityHeaders(getConfig());
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
});
