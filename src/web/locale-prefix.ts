import type http from 'node:http';
import { splitLocalePath } from '@/lib/locale-path';

/** The request header that carries the language of an `/en/…` address to the pages (i18n/request.ts). */
export const localeHeader = 'x-portal-locale';

/**
 * English pages live under `/en/…`; Next.js only knows the unprefixed routes, so the prefix is taken off
 * here and kept as a header (client navigations' `?_rsc=` requests too). The header is the server's word
 * alone: a client's own is dropped first, or anyone could pick the language of a page the cache shares.
 */
export function applyLocalePrefix(req: http.IncomingMessage): void {
  delete req.headers[localeHeader];
  const { locale, path } = splitLocalePath(req.url ?? '/');
  if (!locale) return;
  req.url = path;
  req.headers[localeHeader] = locale;
}
