import { getTranslations } from 'next-intl/server';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { Link } from '@/components/ui/link';

/** The catalogue's sections, each a namespace of `admin_catalogue` with its title and intro. */
export type CatalogueSection = 'categories' | 'languages' | 'attributes' | 'texts' | 'plans' | 'packs';

/** A catalogue sub-page's heading, with the way back to the catalogue's index. */
export async function CataloguePageHeader({
  title,
  intro,
  back = '/admin/catalogue',
}: {
  title: string;
  intro: string;
  back?: string;
}) {
  const t = await getTranslations('admin_catalogue');
  return (
    <AdminPageHeader
      title={title}
      intro={intro}
      before={
        <Link
          href={back}
          className="inline-flex min-h-11 items-center justify-self-start text-sm font-medium text-brand-700 hover:underline"
        >
          ← {back === '/admin/catalogue' ? t('back') : t('texts.back')}
        </Link>
      }
    />
  );
}
