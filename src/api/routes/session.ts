import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tokenCookie } from '../../server/auth/access-tokens';
import { revokeAccessToken } from '../../server/auth/revoke';

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  // POST /api/logout - revokes the token in use and clears the pages' cookie; safe to repeat
  app.post('/api/logout', { schema: { tags: ['auth'] } }, async (request, reply) => {
    const header = request.headers.authorization;
    const token = header?.toLowerCase().startsWith('bearer ')
      ? header.slice(7).trim()
      : request.cookies[tokenCookie];
    if (token) await revokeAccessToken(token);
    reply.clearCookie(tokenCookie, { path: '/' });
    return reply.status(204).send();
  });
};
