import { routesToApi } from './api-routing';
import type { Locale } from './locale';

// English pages have the same addresses as the Polish ones behind "/en" (server.ts, web/locale-prefix.ts).

/** The address of `path` (unprefixed, with any query and hash) in `locale`: Polish has no prefix. */
export function localePath(path: string, locale: Locale): string {
  if (locale === 'pl') return path;
  return path === '/' || /^\/[?#]/.test(path) ? `/en${path.slice(1)}` : `/en${path}`;
}

/**
 * An address a page prints, in the page's language: our own unprefixed pages get the language's prefix;
 * the API's files and feeds, other sites, fragments and addresses that already name
 * a language are left as they are.
 */
export function localeHref(href: string, locale: Locale): string {
  return locale === 'pl' || !/^\/(?!\/|en(?:[/?#]|$))/.test(href) || routesToApi(href)
    ? href
    : localePath(href, locale);
}

/** The language an address names, and the address without it; unprefixed addresses name none. */
export function splitLocalePath(path: string): { locale: Locale | null; path: string } {
  if (!/^\/en(?=[/?#]|$)/.test(path)) return { locale: null, path };
  const rest = path.slice(3);
  return { locale: 'en', path: rest.startsWith('/') ? rest : `/${rest}` };
}

/**
 * The page `path` (unprefixed) in each language as absolute addresses on `origin`, and x-default: the
 * Polish one, the portal's own language.
 */
export function languageUrls(origin: string, path: string): Record<Locale | 'x-default', string> {
  return { pl: origin + path, en: origin + localePath(path, 'en'), 'x-default': origin + path };
}
