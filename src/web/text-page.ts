import 'server-only';
import type { Metadata } from 'next';
import { getLocale } from 'next-intl/server';
import type { Locale } from '@/lib/locale';
import { getTextBySlug, type TextSlug } from '@/server/texts/get-text';
import { orNotFound } from '@/web/not-found';

/** A text page's title and sanitised HTML in the page's language (spec §2), or the not-found page. */
export async function loadText(slug: TextSlug) {
  return orNotFound(getTextBySlug({ slug, locale: (await getLocale()) as Locale }));
}

export async function textMetadata(slug: TextSlug): Promise<Metadata> {
  const text = await loadText(slug);
  return { title: text.title };
}
