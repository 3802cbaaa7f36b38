import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthUser } from '@/server/auth/access-tokens';
import { requireRole } from './auth';

const admins = new WeakMap<FastifyRequest, AuthUser>();

/**
 * The one scope of /api/admin/*: the role is checked once, at onRequest, before a body is read or
 * parsed, so a stranger's malformed or oversized body costs a token lookup and gets 401/403, never 400.
 */
export function adminScope(routes: FastifyPluginAsyncZod[]): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      admins.set(request, await requireRole(request, 'admin'));
    });
    for (const plugin of routes) await app.register(plugin);
  };
}

/** The admin the scope let in; only the routes registered through `adminScope` may ask. */
export function adminOf(request: FastifyRequest): AuthUser {
  const admin = admins.get(request);
  if (!admin) throw new Error(`${request.routeOptions.url} is not in the admin scope`);
  return admin;
}
