import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { type AuthUser, findUserByAccessToken, tokenCookie } from '@/server/auth/access-tokens';
import { forbidden, unauthenticated } from '@/server/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved once per request, on first use, so public calls touch no token table. */
    currentUser(): Promise<AuthUser | null>;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<AuthUser | null>>();

// API clients send `Authorization: Bearer`; the pages' browser calls carry the httpOnly cookie.
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim();
  return request.cookies?.[tokenCookie];
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      const token = tokenOf(this);
      pending = token ? findUserByAccessToken(token) : Promise.resolve(null);
      cache.set(this, pending);
    }
    return pending;
  });
});

/** The signed-in user, or a 401. */
export async function requireUser(request: FastifyRequest): Promise<AuthUser> {
  const user = await request.currentUser();
  if (!user) throw unauthenticated();
  return user;
}

const actors = new WeakMap<FastifyRequest, AuthUser>();

/**
 * A route's declared access, checked at onRequest, before its body is read or validated: a stranger hears
 * 401 and the other role 403 (worded by `refusal`, a message key), never a 422 about a body it had no
 * right to send. `roles` absent: any account.
 */
export function accessGuard(roles?: readonly AuthUser['role'][], refusal?: string): onRequestHookHandler {
  return async (request) => {
    const user = await requireUser(request);
    if (roles && !roles.includes(user.role)) throw forbidden(refusal);
    actors.set(request, user);
  };
}

/** The caller the route's access guard let in; only routes declared signed-in (operations.ts) may ask. */
export function actorOf(request: FastifyRequest): AuthUser {
  const actor = actors.get(request);
  if (!actor) throw new Error(`${request.routeOptions.url} declares no signed-in access`);
  return actor;
}
