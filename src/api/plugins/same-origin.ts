import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { getConfig } from '@/config';
import { csrfCookieName, csrfHeader, csrfTokenMinLength } from '@/lib/csrf';
import { tokenCookie } from '@/server/auth/access-tokens';
import { refreshCookie } from '@/server/auth/session-cookies';
import { AppError } from '@/server/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes its credential from a signed token in its URL and never from a cookie (the
     * one-click unsubscribe, which mail clients POST from anywhere): the origin rule protects nothing there.
     */
    signedUrl?: boolean;
  }
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

// These set or clear the session cookies, so they are checked even without a cookie: a cross-site
// form must not sign a visitor into the attacker's account (login CSRF) or out of their own.
const sessionRoutes = new Set([
  '/api/session',
  '/api/session/refresh',
  '/api/logout',
  '/api/login/google',
  '/api/login/facebook',
]);

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function sameToken(header: unknown, cookie: string | undefined): boolean {
  if (typeof header !== 'string' || !cookie || cookie.length < csrfTokenMinLength) return false;
  const a = Buffer.from(header);
  const b = Buffer.from(cookie);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether the browser says the request comes from a page of this portal. `Origin` decides when
 * sent; it may be PUBLIC_URL's origin or the origin the request was addressed to (the Host header
 * the browser wrote), so http://127.0.0.1:3000 works beside http://localhost:3000 (decision 24).
 * Any other origin, a sibling subdomain included, is refused: SameSite=Lax does not stop those.
 */
function fromOwnOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const sent = originOf(origin);
    return (
      sent !== null && (sent === publicOrigin || sent === originOf(`${request.protocol}://${request.host}`))
    );
  }
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const https = publicOrigin.startsWith('https:');
  return sameToken(request.headers[csrfHeader], request.cookies[csrfCookieName(https)]);
}

/** Whether the request carries the pages' session cookies (and no bearer token of its own). */
function byCookie(request: FastifyRequest): boolean {
  if (request.headers.authorization?.toLowerCase().startsWith('bearer ')) return false;
  return request.cookies[tokenCookie] !== undefined || request.cookies[refreshCookie] !== undefined;
}

/**
 * A route hook for the calls that change something although the spec makes them GETs (the purchases
 * of /api/payu/*) or that need no session (the test payment): the same rule as for writes, and with
 * `always`, even without a session cookie.
 */
export function ownOriginOnly({ always = false }: { always?: boolean } = {}) {
  return async (request: FastifyRequest) => {
    if (!always && !byCookie(request)) return;
    const publicOrigin = originOf(getConfig().publicUrl) ?? '';
    if (!fromOwnOrigin(request, publicOrigin)) throw new AppError('forbidden', 'api.cross_site');
  };
}

/**
 * Refuses a state-changing request authenticated by the pages' cookies (and every sign-in or
 * sign-out) unless it comes from the portal's own pages. Calls with `Authorization: Bearer` carry
 * their credential themselves, which a browser never adds on another site's behalf, so they pass.
 * Runs before the body is read.
 */
export const sameOriginPlugin = fp(async (app: FastifyInstance) => {
  const publicOrigin = originOf(getConfig().publicUrl) ?? '';
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    if (request.headers.authorization?.toLowerCase().startsWith('bearer ')) return;
    if (request.routeOptions.config?.signedUrl) return;
    if (!byCookie(request) && !sessionRoutes.has(request.routeOptions.url ?? '')) return;
    if (!fromOwnOrigin(request, publicOrigin)) throw new AppError('forbidden', 'api.cross_site');
  });
});
