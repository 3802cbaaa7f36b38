import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientIp } from '@/api/forms';
import { RequestValidationError } from '@/api/plugins/errors';
import { getConfig } from '@/config';
import { translate } from '@/i18n/translate';
import { oauthErrorSchema, tokenResponseSchema } from '@/lib/schemas/account-responses';
import { deviceCookieName } from '@/server/auth/login-devices';
import { loginWithPassword } from '@/server/auth/password-login';
import { deviceCookie } from '@/server/auth/session-cookies';
import { OAuthError, rotateRefreshToken, verifyClient } from '@/server/auth/tokens';
import { AppError } from '@/server/errors';
import { RateLimitedError } from '@/server/rate-limit';

// Each parameter is one string without NUL characters (PostgreSQL text cannot hold one); a number is
// taken for a numeric client id. Anything else - an object, an array, a NUL - is RFC 6749's
// invalid_request, never a database error.
const param = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string()
      .max(max)
      .refine((v) => !v.includes('\u0000'))
      .optional(),
  );

const authorizationServerMetadataSchema = z.object({
  issuer: z.string(),
  token_endpoint: z.string(),
  grant_types_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  response_types_supported: z.array(z.string()),
  service_documentation: z.string(),
});

const tokenBody = z.object({
  grant_type: param(100),
  client_id: param(100),
  client_secret: param(200),
  username: param(254),
  password: param(1000),
  refresh_token: param(200),
  scope: param(200),
});

function sendOAuthError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  error: string,
  descriptionKey: string,
  code?: string,
  params: Record<string, number> = { seconds: 60 },
) {
  const description = translate(request.locale, descriptionKey, params);
  return reply
    .header('Cache-Control', 'no-store')
    .header('Pragma', 'no-cache')
    .status(status)
    .send({ error, error_description: description, message: code ?? description });
}

/**
 * Failures before the handler runs (malformed JSON, a wrong content type, a parameter of the wrong
 * type) answer in RFC 6749's format too (§5.2 invalid_request), like every other error of the endpoint.
 */
function oauthErrorHandler(
  error: FastifyError | RequestValidationError | AppError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof RequestValidationError) {
    return sendOAuthError(request, reply, 400, 'invalid_request', 'oauth.invalid_request');
  }
  if (error instanceof AppError && error.code === 'unavailable') {
    reply.header('Retry-After', 5);
    return sendOAuthError(request, reply, 503, 'temporarily_unavailable', 'api.unavailable');
  }
  const status = 'statusCode' in error ? (error.statusCode ?? 500) : 500;
  if (status >= 400 && status < 500) {
    // A body too large or of a content type the endpoint does not take keeps its status.
    return sendOAuthError(
      request,
      reply,
      status === 413 || status === 415 ? status : 400,
      'invalid_request',
      'oauth.invalid_request',
    );
  }
  throw error;
}

/**
 * The client's credentials (RFC 6749 §2.3.1): HTTP Basic (`client_secret_basic`, each part form-urlencoded
 * before base64, as the RFC says), or `client_id` and `client_secret` in the body (`client_secret_post`). A
 * request that uses both is refused: the RFC allows one method per request.
 */
function clientOf(
  request: FastifyRequest,
  body: { client_id?: string; client_secret?: string },
): { id: string | undefined; secret: string | undefined } {
  const header = request.headers.authorization;
  const basic = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/i);
  if (!header || !/^Basic\s/i.test(header)) return { id: body.client_id, secret: body.client_secret };
  if (!basic || body.client_secret !== undefined)
    throw new OAuthError('invalid_request', 'oauth.invalid_request');
  const decoded = Buffer.from(basic[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthError('invalid_client', 'oauth.invalid_client');
  const formDecode = (part: string) => {
    try {
      return decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      throw new OAuthError('invalid_client', 'oauth.invalid_client');
    }
  };
  const id = formDecode(decoded.slice(0, colon));
  const secret = formDecode(decoded.slice(colon + 1));
  if (body.client_id !== undefined && body.client_id !== id)
    throw new OAuthError('invalid_request', 'oauth.invalid_request');
  if (id.length > 100 || secret.length > 200 || id.includes('\u0000') || secret.includes('\u0000'))
    throw new OAuthError('invalid_client', 'oauth.invalid_client');
  return { id, secret };
}

export const oauthRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /.well-known/oauth-authorization-server - RFC 8414 metadata: where and how clients get tokens
  app.get(
    '/.well-known/oauth-authorization-server',
    {
      schema: {
        tags: ['auth'],
        summary: 'OAuth 2.0 authorization server metadata (RFC 8414)',
        response: { 200: authorizationServerMetadataSchema },
      },
    },
    async (_request, reply) => {
      const { publicUrl } = getConfig();
      reply.header('Cache-Control', 'public, max-age=3600');
      return {
        issuer: publicUrl,
        token_endpoint: `${publicUrl}/oauth/token`,
        grant_types_supported: ['password', 'refresh_token'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        // No authorization endpoint: the pages and clients sign in with a password, so no response type.
        response_types_supported: [],
        service_documentation: `${publicUrl}/api/docs`,
      };
    },
  );

  // POST /oauth/token - password and refresh_token grants (RFC 6749 §4.3, §6), errors in RFC format
  app.post(
    '/oauth/token',
    {
      schema: {
        tags: ['auth'],
        body: tokenBody.optional(),
        response: { 200: tokenResponseSchema, '4xx': oauthErrorSchema, '5xx': oauthErrorSchema },
      },
      errorHandler: oauthErrorHandler,
    },
    async (request, reply) => {
      const body = request.body ?? {};
      reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
      try {
        const client = clientOf(request, body);
        if (!body.grant_type) throw new OAuthError('invalid_request', 'oauth.invalid_request');
        if (body.grant_type !== 'password' && body.grant_type !== 'refresh_token') {
          throw new OAuthError('unsupported_grant_type', 'oauth.unsupported_grant_type');
        }
        if (body.grant_type === 'password') {
          if (!body.username || !body.password) {
            await verifyClient(client.id, client.secret);
            throw new OAuthError('invalid_request', 'oauth.invalid_request');
          }
          const { tokens, device } = await loginWithPassword({
            email: body.username,
            password: body.password,
            ip: clientIp(request),
            client,
            device: request.cookies[deviceCookieName],
          });
          reply.header('Set-Cookie', deviceCookie(device, '/oauth/token'));
          return tokens;
        }
        const clientId = await verifyClient(client.id, client.secret);
        if (!body.refresh_token) throw new OAuthError('invalid_request', 'oauth.invalid_request');
        return await rotateRefreshToken({ refreshToken: body.refresh_token, clientId });
      } catch (error) {
        if (error instanceof RateLimitedError) {
          reply.header('Retry-After', error.retryAfterSeconds);
          const text = translate(request.locale, 'api.too_many', { seconds: error.retryAfterSeconds });
          return reply.status(429).send({ error: 'invalid_request', error_description: text, message: text });
        }
        if (!(error instanceof OAuthError)) throw error;
        if (error.status === 401) reply.header('WWW-Authenticate', 'Basic realm="oauth"');
        if (error.status === 429) reply.header('Retry-After', error.retryAfterSeconds ?? 60);
        const wait = error.retryAfterSeconds ?? 60;
        return sendOAuthError(request, reply, error.status, error.error, error.descriptionKey, error.code, {
          minutes: Math.ceil(wait / 60),
          seconds: wait,
        });
      }
    },
  );
};
