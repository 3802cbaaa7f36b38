import { getTranslations } from 'next-intl/server';
import { catalogueMetadata } from '@/app/admin/catalogue/catalogue-metadata';
import { CataloguePageHeader } from '@/components/admin/catalogue/page-header';
import { Link } from '@/components/ui/link';
import { formatDateTime } from '@/lib/format';
import { listAdminTexts } from '@/server/admin/catalogue/texts';
import { requireAdminPage } from '@/web/admin-page';

export const generateMetadata = catalogueMetadata('texts');

/** Issue 14 point 4: the five text pages, each edited on its own page. */
export default async function AdminTextsPage() {
  await requireAdminPage();
  const t = await getTranslations('admin_catalogue');
  const list = await listAdminTexts();
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <CataloguePageHeader title={t('texts.title')} intro={t('texts.intro')} />
      <ul className="grid gap-3">
        {list.map((text) => (
          <li key={text.slug}>
            <Link
              href={`/admin/catalogue/texts/${text.slug}`}
              className="flex min-h-11 flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-400"
            >
              <span className="grid">
                <span className="font-semibold text-brand-700">{text.title_pl}</span>
                <span className="text-sm text-slate-700" lang="en">
                  {text.title_en}
                </span>
              </span>
              <span className="text-sm text-slate-600">
                {t('texts.updated', { date: formatDateTime(text.updated_at) })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
