import type { Metadata } from 'next';
import { getLocale } from 'next-intl/server';
import { getConfig } from '@/config';
import type { Locale } from '@/lib/locale';
import { languageUrls, localePath } from '@/lib/locale-path';

// Which pages search engines may list, and how each page's two languages point at each other.

const publicPage =
  /^\/(|list|premium|how-it-works|about-us|privacy|rule|contact|event\/[1-9]\d{0,8}|places\/[1-9]\d{0,8})$/;

/**
 * The address a public page is known by, unprefixed: its path, and for the list only the category (what
 * the home page's tiles link to; a text search is a view of that list, not a page of its own). Null for
 * every other page: accounts, messages, the admin area, forms and links from e-mails.
 */
export function publicPagePath(url: string): string | null {
  const [pathname = '/', query = ''] = url.split('#')[0]?.split('?') ?? [];
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (!publicPage.test(path)) return null;
  if (path !== '/list') return path;
  const category = new URLSearchParams(query).get('category_id');
  return category && /^[1-9]\d{0,8}$/.test(category) ? `/list?category_id=${category}` : path;
}

/** Canonical and hreflang links of the public page `path` served in `locale`. */
export function pageAlternates(path: string, locale: Locale): NonNullable<Metadata['alternates']> {
  const languages = languageUrls(getConfig().publicUrl, path);
  return { canonical: languages[locale], languages };
}

/**
 * What the root layout says of the page at `url` (the unprefixed path server.ts passes): canonical and
 * language links for a public page, "noindex" for any other.
 */
export function pageSeo(url: string, locale: Locale): Metadata {
  const path = publicPagePath(url);
  return path ? { alternates: pageAlternates(path, locale) } : { robots: { index: false } };
}

/** The absolute address of `path` (unprefixed) in the language being served: what the page shares and names. */
export async function servedUrl(path: string): Promise<string> {
  return getConfig().publicUrl + localePath(path, (await getLocale()) as Locale);
}
