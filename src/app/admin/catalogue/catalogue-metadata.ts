import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { CatalogueSection } from '@/components/admin/catalogue/page-header';

/** A catalogue page's `generateMetadata`: its section's title. */
export const catalogueMetadata = (section: CatalogueSection) => async (): Promise<Metadata> => ({
  title: (await getTranslations(`admin_catalogue.${section}`))('title'),
});
