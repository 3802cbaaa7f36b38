import type { Metadata } from 'next';
import { getLocale } from 'next-intl/server';
import { cache } from 'react';
import type { Locale } from '@/lib/locale';
import { descriptionText } from '@/lib/sanitize-html';
import { logger } from '@/server/log';
import { type OgSource, ogImageOf } from '@/server/seo/og-source';
import { countPageVisit } from '@/server/visits/record-visit';
import { orNull } from '@/web/not-found';
import { getPageUser } from '@/web/page-user';
import { pageVisitor } from '@/web/page-visitor';
import { absoluteUrl } from './absolute-url';
import { pageAlternates } from './seo-metadata';

// What the place page and the event page do alike: read the record, describe it, count the visit.

type ReadDetail<T> = (input: { id: number; locale: Locale; viewerId: number | null }) => Promise<T>;

/**
 * Reads a detail page's record and its viewer. generateMetadata and the page read it once per request
 * (React's cache); the record is null for an unknown id. Ids are digits only, as the API reads them:
 * /event/0x1 or /event/1e0 is no address of an event.
 */
export function detailLoader<T>(read: ReadDetail<T>) {
  const load = cache(async (rawId: string, locale: Locale, viewerId: number | null) => {
    if (!/^[1-9]\d{0,8}$/.test(rawId)) return null;
    return orNull(read({ id: Number(rawId), locale, viewerId }));
  });
  return async (params: Promise<{ id: string }>) => {
    const [{ id }, locale, user] = await Promise.all([params, getLocale(), getPageUser()]);
    return { record: await load(id, locale as Locale, user?.id ?? null), user };
  };
}

/**
 * The title, description, canonical and language addresses and share preview of a detail page at `path`
 * (unprefixed) in the language it is served in. The description is the record's own text, or `fallback`
 * when it has none; the preview is the record's 1200×630 image (server/seo/og-source.ts).
 */
export async function detailMetadata({
  title,
  html,
  fallback,
  path,
  og,
}: {
  title: string;
  html: string | null;
  fallback: string;
  path: string;
  og: OgSource;
}): Promise<Metadata> {
  const locale = (await getLocale()) as Locale;
  const description = (html && descriptionText(html)) || fallback;
  const alternates = pageAlternates(path, locale);
  const url = String(alternates.canonical);
  const image = ogImageOf(og, locale);
  const images = [{ ...image, url: absoluteUrl(image.url) }];
  return {
    title,
    description,
    alternates,
    openGraph: {
      title,
      description,
      type: 'website',
      url,
      images,
      locale: locale === 'en' ? 'en_GB' : 'pl_PL',
    },
    twitter: { card: 'summary_large_image', title, description, images },
  };
}

/**
 * Counts the view and the visit (statistics and popularity). It never fails: counting is a nice-to-have, and the page must not
 * fail because a counter could not move.
 */
export function countVisit(
  subject: 'event' | 'place',
  id: number,
  userId: number | null,
  ownerId: number,
): Promise<unknown> {
  return pageVisitor()
    .then((visitor) => (visitor ? countPageVisit({ subject, id, userId, ownerId, ...visitor }) : false))
    .catch((error) => logger.error({ err: error, subject, id }, 'statistics: counting a page visit failed'));
}
