import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/** The signed-in user with one of the roles, else 401 / 403. */
export async function requireRole(request: FastifyRequest, ...roles: AuthUser['role'][]): Promise<AuthUser> {
  const user = await requireUser(request);
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}
