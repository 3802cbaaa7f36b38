import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getConfig } from '@/config';
import { translate } from '@/i18n/translate';
import type { TokenResponse } from '@/lib/schemas/account-responses';
import {
  authorizationUrlSchema,
  loginProvidersSchema,
  tokenResponseSchema,
} from '@/lib/schemas/account-responses';
import { dataOf } from '@/lib/schemas/common-responses';
import { sessionCookies } from '@/server/auth/session-cookies';
import { verifyFacebookToken } from '@/server/auth/social/facebook';
import {
  buildGoogleAuthorizationUrl,
  createGoogleLoginChecks,
  exchangeGoogleCode,
} from '@/server/auth/social/google';
import { SocialAuthError } from '@/server/auth/social/identity';
import { enabledProviders, facebookAppId } from '@/server/auth/social/providers';
import { AccountBlockedError, loginWithSocial, SocialPreRegistration } from '@/server/auth/social-login';
import { AppError } from '@/server/errors';

const googleCookie = 'google_login';

function socialFailure(error: unknown): never {
  if (error instanceof AccountBlockedError) throw new AppError('forbidden', 'auth.blocked');
  if (error instanceof SocialAuthError) {
    if (error.reason === 'not_configured') throw new AppError('not_found', 'auth.social_not_configured');
    if (error.reason === 'provider_unavailable') throw new AppError('unavailable', 'auth.social_unavailable');
    throw new AppError('unauthenticated', 'auth.social_failed');
  }
  throw error;
}

export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/login/providers - which sign-in buttons the pages show
  app.get(
    '/api/login/providers',
    { schema: { tags: ['auth'], response: { 200: dataOf(loginProvidersSchema) } } },
    async () => ({ data: { ...enabledProviders(), facebook_app_id: facebookAppId() } }),
  );

  // GET /api/login/google/url - where to send the browser; the state and PKCE verifier stay in a cookie
  app.get(
    '/api/login/google/url',
    { schema: { tags: ['auth'], response: { 200: dataOf(authorizationUrlSchema) } } },
    async (_request, reply) => {
      if (!enabledProviders().google) throw new AppError('not_found', 'auth.social_not_configured');
      const checks = await createGoogleLoginChecks();
      const url = await buildGoogleAuthorizationUrl(checks).catch(socialFailure);
      reply.setCookie(googleCookie, `${checks.state}.${checks.codeVerifier}`, {
        path: '/api/login/google',
        httpOnly: true,
        sameSite: 'lax',
        secure: getConfig().publicUrl.startsWith('https://'),
        maxAge: 600,
      });
      return { data: { url } };
    },
  );

  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    login: () => Promise<{ tokens: TokenResponse }>,
  ) => {
    try {
      const { tokens } = await login();
      reply.header('Set-Cookie', sessionCookies(tokens, true));
      return tokens;
    } catch (error) {
      if (error instanceof SocialPreRegistration) {
        return reply
          .status(401)
          .send({ message: translate(request.locale, 'auth.social_register'), data: error.data });
      }
      return socialFailure(error);
    }
  };

  // POST /api/login/google - completes the code flow; an unknown account answers 401 with prefill data
  app.post(
    '/api/login/google',
    {
      schema: {
        tags: ['auth'],
        body: z.object({ code: z.string().min(1).max(2000), state: z.string().max(200).optional() }),
        // A newcomer is answered 401 with the data to prefill the registration (not declared: 401 is
        // also the errors' status, whose shape the error plugin owns).
        response: { 200: tokenResponseSchema },
      },
    },
    async (request, reply) => {
      const saved = request.cookies[googleCookie]?.split('.');
      reply.clearCookie(googleCookie, { path: '/api/login/google' });
      return answer(request, reply, async () => {
        const identity = await exchangeGoogleCode({
          code: request.body.code,
          state: request.body.state,
          expectedState: saved?.[0],
          codeVerifier: saved?.[1],
        });
        return loginWithSocial({ identity, clientId: null });
      });
    },
  );

  // POST /api/login/facebook - the browser's Facebook token, verified with the Graph API (the posted profile is not trusted)
  app.post(
    '/api/login/facebook',
    {
      schema: {
        tags: ['auth'],
        body: z
          .object({ access_token: z.string().min(1).max(2000), accessToken: z.string().optional() })
          .passthrough(),
        response: { 200: tokenResponseSchema },
      },
    },
    async (request, reply) =>
      answer(request, reply, async () => {
        const identity = await verifyFacebookToken(request.body.access_token);
        return loginWithSocial({ identity, clientId: null });
      }),
  );
};
