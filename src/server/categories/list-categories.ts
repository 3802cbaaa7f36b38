import 'server-only';
import { asc } from 'drizzle-orm';
import { getReadDb } from '@/db/client';
import { categories, languages } from '@/db/schema';
import type { Locale } from '@/lib/locale';
import type { CategoryResource, LanguageResource } from '@/lib/schemas/catalogue-responses';
import { cachedSearch } from '@/server/search/search-cache';

/** Every page's search bar lists them, so they are shared through the search cache. */
export async function listCategories({ locale }: { locale: Locale }): Promise<CategoryResource[]> {
  const rows = await cachedSearch('categories', async () =>
    (await getReadDb()).select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
  );
  return rows.map((c) => ({
    id: c.id,
    name: locale === 'en' ? c.nameEn : c.namePl,
    slug: c.slug,
    image: c.imageUrl ? { url: c.imageUrl } : null,
  }));
}

export async function listLanguages({ locale }: { locale: Locale }): Promise<LanguageResource[]> {
  const db = await getReadDb();
  const rows = await db.select().from(languages).orderBy(asc(languages.id));
  const named = rows.map((l) => ({ id: l.id, name: locale === 'en' ? l.nameEn : l.namePl }));
  return named.sort((a, b) => a.name.localeCompare(b.name, locale));
}
