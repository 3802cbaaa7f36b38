import { getTranslations } from 'next-intl/server';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { Link } from '@/components/ui/link';
import { titled } from '@/i18n/page-title';
import { requireAdminPage } from '@/web/admin-page';

export const generateMetadata = titled('admin_catalogue.title');

const sections = ['categories', 'languages', 'attributes', 'texts', 'plans', 'packs'] as const;

/** Issue 14 point 4: the catalogue's parts, each on its own page. */
export default async function AdminCataloguePage() {
  await requireAdminPage();
  const t = await getTranslations('admin_catalogue');
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <AdminPageHeader title={t('title')} intro={t('intro')} />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {sections.map((s) => (
          <li key={s}>
            <Link
              href={`/admin/catalogue/${s}`}
              className="grid h-full min-h-11 gap-1 rounded-xl border border-slate-200 bg-white p-5 hover:border-brand-400 hover:shadow-sm"
            >
              <span className="text-lg font-semibold text-brand-700">{t(`${s}.title`)}</span>
              <span className="text-sm text-slate-700">{t(`${s}.intro`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
