import 'server-only';
import { eq } from 'drizzle-orm';
import { getReadDb } from '@/db/client';
import { textPages } from '@/db/schema';
import type { Locale } from '@/lib/locale';
import type { TextResource } from '@/lib/schemas/catalogue-responses';
import { notFound } from '@/server/errors';

export const textSlugs = ['how-it-works', 'about-us', 'privacy', 'regulations', 'contact'] as const;
export type TextSlug = (typeof textSlugs)[number];

export async function getTextBySlug({
  slug,
  locale,
}: {
  slug: string;
  locale: Locale;
}): Promise<TextResource> {
  const db = await getReadDb();
  const [row] = await db.select().from(textPages).where(eq(textPages.slug, slug)).limit(1);
  if (!row) throw notFound();
  return {
    id: row.id,
    slug: row.slug,
    title: locale === 'en' ? row.titleEn : row.titlePl,
    text: locale === 'en' ? row.bodyEn : row.bodyPl,
    updated_at: row.updatedAt.toISOString(),
  };
}
