import type { Metadata } from 'next';
import { headers } from 'next/headers';
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

/** A feed of a page's events, as its head names it (`<link rel="alternate" type=… title=…>`). */
export interface FeedAlternate {
  type: string;
  url: string;
  title: string;
}

/** A page's canonical and language links with its feeds beside them (issue 17). */
export function withFeeds(
  alternates: Metadata['alternates'],
  feeds: FeedAlternate[],
): NonNullable<Metadata['alternates']> {
  const types: Record<string, { url: string; title: string }[]> = {};
  for (const { type, url, title } of feeds) types[type] = [...(types[type] ?? []), { url, title }];
  return { ...alternates, types: { ...alternates?.types, ...types } };
}

/**
 * The canonical and language links of the page being rendered, as the root layout writes them: a page
 * that adds alternates of its own (feeds) replaces the layout's and has to repeat them.
 */
export async function servedAlternates(): Promise<Metadata['alternates']> {
  const [locale, url] = await Promise.all([getLocale(), headers().then((h) => h.get('x-portal-url') ?? '/')]);
  return pageSeo(url, locale as Locale).alternates;
}

/** The absolute address of `path` (unprefixed) in the language being served: what the page shares and names. */
export async function servedUrl(path: string): Promise<string> {
  return getConfig().publicUrl + localePath(path, (await getLocale()) as Locale);
}
