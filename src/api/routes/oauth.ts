import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../i18n/translate';
import { loginWithPassword } from '../../server/auth/password-login';
import { OAuthError, rotateRefreshToken, verifyClient } from '../../server/auth/tokens';
import { RateLimitedError } from '../../server/rate-limit';
import { clientIp } from '../forms';

const tokenBody = z.object({
  grant_type: z.string().optional(),
  client_id: z.coerce.string().optional(),
  client_secret: z.string().optional(),
  username: z.string().optional(),
  password: z.string().optional(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
});

export const oauthRoutes: FastifyPluginAsyncZod = async (app) => {
  // POST /oauth/token - password and refresh_token grants (RFC 6749 §4.3, §6), errors in RFC format
  app.post(
    '/oauth/token',
    { schema: { tags: ['auth'], body: tokenBody.optional() } },
    async (request, reply) => {
      const body = request.body ?? {};
      reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
      try {
        if (!body.grant_type) throw new OAuthError('invalid_request', 'oauth.invalid_request');
        if (body.grant_type !== 'password' && body.grant_type !== 'refresh_token') {
          throw new OAuthError('unsupported_grant_type', 'oauth.unsupported_grant_type');
        }
        const clientId = await verifyClient(body.client_id, body.client_secret);
        if (body.grant_type === 'password') {
          if (!body.username || !body.password)
            throw new OAuthError('invalid_request', 'oauth.invalid_request');
          const { tokens } = await loginWithPassword({
            email: body.username,
            password: body.password,
            ip: clientIp(request),
            clientId,
          });
          return tokens;
        }
        if (!body.refresh_token) throw new OAuthError('invalid_request', 'oauth.invalid_request');
        return await rotateRefreshToken({ refreshToken: body.refresh_token, clientId });
      } catch (error) {
        if (error instanceof RateLimitedError) {
          reply.header('Retry-After', error.retryAfterSeconds);
          const text = translate(request.locale, 'api.too_many');
          return reply.status(429).send({ error: 'invalid_request', error_description: text, message: text });
        }
        if (!(error instanceof OAuthError)) throw error;
        if (error.status === 401) reply.header('WWW-Authenticate', 'Basic realm="oauth"');
        if (error.status === 429) reply.header('Retry-After', 15 * 60);
        const description = translate(request.locale, error.descriptionKey);
        return reply.status(error.status).send({
          error: error.error,
          error_description: description,
          message: error.code ?? description,
        });
      }
    },
  );
};
