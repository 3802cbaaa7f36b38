import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessGuard } from './auth';

/**
 * The one scope of /api/admin/*: the role is checked once, at onRequest, before a body is read or
 * parsed, so a stranger's malformed or oversized body costs a token lookup and gets 401/403, never 400.
 * Its handlers ask `actorOf(request)` for the admin.
 */
export function adminScope(routes: FastifyPluginAsyncZod[]): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', accessGuard(['admin']));
    for (const plugin of routes) await app.register(plugin);
  };
}
