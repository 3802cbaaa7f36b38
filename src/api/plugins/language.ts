import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { defaultLocale, isLocale, type Locale, localeCookie, pickLocale } from '@/lib/locale';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
}

// Accept-Language picks the language; the pages' cookie is the fallback; Polish is the default.
export function requestLocale(request: FastifyRequest): Locale {
  const fromHeader = pickLocale(request.headers['accept-language']);
  if (fromHeader) return fromHeader;
  const fromCookie = request.cookies?.[localeCookie];
  return isLocale(fromCookie) ? fromCookie : defaultLocale;
}

export const languagePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', defaultLocale);
  app.addHook('onRequest', async (request, reply) => {
    request.locale = requestLocale(request);
    reply.header('Content-Language', request.locale);
    reply.header('Vary', 'Accept-Language, Cookie');
  });
});
