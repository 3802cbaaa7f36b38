import type { Metadata } from 'next';
import { getLocale } from 'next-intl/server';
import { cache } from 'react';
import type { Locale } from '@/lib/locale';
import { descriptionText } from '@/lib/sanitize-html';
import { countPageVisit } from '@/server/visits/record-visit';
import { orNull } from '@/web/not-found';
import { getPageUser } from '@/web/page-user';
import { pageVisitor } from '@/web/page-visitor';
import { absoluteUrl } from './absolute-url';

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
 * The title, description, canonical address and share preview of a detail page at `path`. The
 * description is the record's own text, or `fallback` when it has none.
 */
export function detailMetadata({
  title,
  html,
  fallback,
  path,
  images,
}: {
  title: string;
  html: string | null;
  fallback: string;
  path: string;
  images: string[];
}): Metadata {
  const description = (html && descriptionText(html)) || fallback;
  const url = absoluteUrl(path);
  return {
    title,
    description,
    alternates: { canonical: url },
    openGraph: { title, description, type: 'website', url, images },
  };
}

/**
 * Counts the visit for popularity. It never fails: popularity is a nice-to-have, and the page must not
 * fail because a counter could not move.
 */
export function countVisit(subject: 'event' | 'place', id: number, userId: number | null): Promise<unknown> {
  return pageVisitor()
    .then((visitor) => (visitor ? countPageVisit({ subject, id, userId, ...visitor }) : false))
    .catch((error) => console.error(`countPageVisit failed for ${subject}`, id, error));
}
