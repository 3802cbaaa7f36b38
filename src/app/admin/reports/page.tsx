import { getTranslations } from 'next-intl/server';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { ReportList } from '@/components/admin/moderation/report-list';
import { EmptyNote } from '@/components/ui/empty-note';
import { Link } from '@/components/ui/link';
import { titled } from '@/i18n/page-title';
import { reportsQuerySchema } from '@/lib/schemas/admin-moderation';
import { listReports } from '@/server/admin/moderation';
import { requireAdminPage } from '@/web/admin-page';

export const generateMetadata = titled('admin_moderation.meta_reports');

type Props = { searchParams: Promise<{ status?: string | string[] }> };

/** Issue 14 point 3: open reports grouped per item (Hide / Dismiss), and the hidden items (Restore). */
export default async function AdminReportsPage({ searchParams }: Props) {
  await requireAdminPage();
  const t = await getTranslations('admin_moderation');
  const parsed = reportsQuerySchema.safeParse({ status: (await searchParams).status });
  const status = parsed.success ? parsed.data.status : 'open';
  const items = await listReports({ status });
  const tab = (value: 'open' | 'hidden', label: string) => (
    <Link
      href={value === 'open' ? '/admin/reports' : '/admin/reports?status=hidden'}
      aria-current={status === value ? 'page' : undefined}
      className="inline-flex min-h-11 items-center rounded-lg px-4 font-semibold text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white"
    >
      {label}
    </Link>
  );
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <AdminPageHeader title={t('reports_title')} intro={t('reports_intro')} />
      <nav aria-label={t('tabs_label')} className="flex flex-wrap gap-2">
        {tab('open', t('tab_open'))}
        {tab('hidden', t('tab_hidden'))}
      </nav>
      {items.length === 0 ? (
        <EmptyNote>{status === 'open' ? t('empty_open') : t('empty_hidden')}</EmptyNote>
      ) : (
        <ReportList items={items} />
      )}
    </div>
  );
}
