import { getTranslations } from 'next-intl/server';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { AuditTable } from '@/components/admin/audit-table';
import { Pagination } from '@/components/list/pagination';
import { EmptyNote } from '@/components/ui/empty-note';
import { titled } from '@/i18n/page-title';
import { auditQuerySchema } from '@/lib/schemas/admin-overview';
import { listAuditLog } from '@/server/admin/audit-log';
import { requireAdminPage } from '@/web/admin-page';

export const generateMetadata = titled('admin.audit.title');

type Props = { searchParams: Promise<{ page?: string | string[] }> };

/** Issue 14 point 3: every admin action, newest first, a page at a time (`?page=`). */
export default async function AdminAuditPage({ searchParams }: Props) {
  await requireAdminPage();
  const t = await getTranslations('admin.audit');
  const parsed = auditQuerySchema.safeParse({ page: (await searchParams).page });
  const page = parsed.success ? (parsed.data.page ?? 1) : 1;
  let log = await listAuditLog({ page });
  // A page past the end (entries are only ever added, but a link may be old) shows the last one.
  if (log.data.length === 0 && page > 1 && log.total > 0) log = await listAuditLog({ page: log.last_page });
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <AdminPageHeader title={t('title')} intro={t('intro')} />
      {log.data.length === 0 ? <EmptyNote>{t('empty')}</EmptyNote> : <AuditTable entries={log.data} />}
      {log.last_page > 1 && (
        <Pagination
          label={t('pages')}
          current={log.current_page}
          last={log.last_page}
          href={(p) => `/admin/audit?page=${p}`}
        />
      )}
    </div>
  );
}
