import type { Metadata } from 'next';
import { getLocale } from 'next-intl/server';
import type { Locale } from '@/lib/locale';
import { getTextBySlug, type TextSlug } from '@/server/texts/get-text';
import { orNotFound } from '@/web/not-found';

async function load(slug: TextSlug) {
  return orNotFound(getTextBySlug({ slug, locale: (await getLocale()) as Locale }));
}

export async function textMetadata(slug: TextSlug): Promise<Metadata> {
  const text = await load(slug);
  return { title: text.title };
}

/** A text page loaded by slug (spec §2); the HTML was sanitised when it was saved. */
export async function TextPage({ slug }: { slug: TextSlug }) {
  const text = await load(slug);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{text.title}</h1>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: stored HTML is sanitised on save */}
      <div className="prose-text mt-6" dangerouslySetInnerHTML={{ __html: text.text }} />
    </article>
  );
}
