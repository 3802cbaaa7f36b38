import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '@/api/forms';
import { translate } from '@/i18n/translate';
import { loginBodySchema } from '@/lib/schemas/account';
import { errorResponseSchema, messageSchema, noContentSchema } from '@/lib/schemas/common-responses';
import { tokenCookie } from '@/server/auth/access-tokens';
import { deviceCookieName } from '@/server/auth/login-devices';
import { loginWithPassword } from '@/server/auth/password-login';
import { revokeAccessToken, revokeRefreshFamily } from '@/server/auth/revoke';
import {
  clearedSessionCookies,
  deviceCookie,
  readRefreshCookie,
  refreshCookie,
  sessionCookies,
} from '@/server/auth/session-cookies';
import { OAuthError, rotateRefreshToken } from '@/server/auth/tokens';
import { AppError } from '@/server/errors';

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  // POST /api/session - the pages' sign-in: the same check as /oauth/token, tokens kept in httpOnly cookies
  app.post(
    '/api/session',
    {
      schema: {
        tags: ['auth'],
        body: loginBodySchema,
        response: { 200: messageSchema, '4xx': errorResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        const { tokens, device } = await loginWithPassword({
          email: request.body.email,
          password: request.body.password,
          ip: clientIp(request),
          client: null,
          device: request.cookies[deviceCookieName],
        });
        reply.header('Set-Cookie', [
          ...sessionCookies(tokens, request.body.remember ?? false),
          deviceCookie(device, '/api/session'),
        ]);
        return { message: translate(request.locale, 'auth.signed_in') };
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        const wait = error.retryAfterSeconds ?? 60;
        const message = translate(request.locale, error.descriptionKey, {
          minutes: Math.ceil(wait / 60),
          seconds: wait,
        });
        if (error.status === 429) return reply.status(429).header('Retry-After', wait).send({ message });
        // 'account.not.confirmed' travels as the code the login page reacts to (spec §4).
        return reply.status(error.code ? 403 : 422).send({
          message,
          code: error.code ?? 'invalid_credentials',
          errors: { email: [message] },
        });
      }
    },
  );

  // POST /api/session/refresh - a new pair of session cookies from the refresh cookie (one retry after a 401)
  app.post(
    '/api/session/refresh',
    { schema: { tags: ['auth'], response: { 204: noContentSchema } } },
    async (request, reply) => {
      const refresh = readRefreshCookie(request.cookies[refreshCookie]);
      try {
        if (!refresh) throw new AppError('unauthenticated', 'api.unauthenticated');
        const tokens = await rotateRefreshToken({ refreshToken: refresh.token, clientId: null });
        reply.header('Set-Cookie', sessionCookies(tokens, refresh.remember));
        return reply.status(204).send();
      } catch (error) {
        reply.header('Set-Cookie', clearedSessionCookies());
        if (error instanceof OAuthError) throw new AppError('unauthenticated', 'api.unauthenticated');
        throw error;
      }
    },
  );

  // POST /api/logout - revokes the token in use and clears the pages' cookies; safe to repeat
  app.post(
    '/api/logout',
    { schema: { tags: ['auth'], response: { 204: noContentSchema } } },
    async (request, reply) => {
      const header = request.headers.authorization;
      const token = header?.toLowerCase().startsWith('bearer ')
        ? header.slice(7).trim()
        : request.cookies[tokenCookie];
      if (token) await revokeAccessToken(token);
      const refresh = readRefreshCookie(request.cookies[refreshCookie]);
      if (refresh) await revokeRefreshFamily(refresh.token);
      reply.header('Set-Cookie', clearedSessionCookies());
      return reply.status(204).send();
    },
  );
};
