import { getTranslations } from 'next-intl/server';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { DayChart } from '@/components/admin/day-chart';
import { InvoiceExport } from '@/components/admin/invoice-export';
import { PageMessages } from '@/components/layout/page-messages';
import { buttonClass } from '@/components/ui/button';
import { Download } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { Panel } from '@/components/ui/panel';
import clientNamespaces from '@/i18n/client-namespaces.json';
import { titled } from '@/i18n/page-title';
import { getAdminOverview } from '@/server/admin/overview';
import { listInvoiceMonths } from '@/server/invoices/monthly-export';
import { requireAdminPage } from '@/web/admin-page';

export const generateMetadata = titled('admin.overview.title');

const series = ['accounts', 'events', 'places', 'orders', 'revenue'] as const;

// Only the month picker of the invoice export needs texts in the browser.
const clientMessages = clientNamespaces['admin/page.tsx'];

/** Issue 14 point 5: what an operator watches — the last 30 days by day, and what waits for a decision. */
export default async function AdminOverviewPage() {
  await requireAdminPage();
  const t = await getTranslations('admin.overview');
  const tInvoices = await getTranslations('admin_invoices');
  const [overview, invoiceMonths] = await Promise.all([getAdminOverview(), listInvoiceMonths()]);
  const waiting = [
    ['open_reports', overview.open_reports, '/admin/reports'],
    ['places_pending', overview.places_pending, '/admin/verification'],
    ['walks_pending', overview.walks_pending, '/admin/verification'],
  ] as const;
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8">
      <AdminPageHeader title={t('title')} intro={t('intro')} />

      <section aria-labelledby="admin-waiting" className="grid gap-3">
        <h2 id="admin-waiting" className="text-lg font-bold">
          {t('waiting_heading')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          {waiting.map(([key, value, href]) => (
            <li key={key}>
              <Link
                href={href}
                className={`flex min-h-11 items-center justify-between gap-3 rounded-xl border p-4 hover:border-brand-500 ${
                  value > 0 ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white'
                }`}
              >
                <span className="font-medium text-slate-800">{t(key)}</span>
                <span className="text-2xl font-bold text-brand-700">{value}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="admin-activity" className="grid gap-3">
        <h2 id="admin-activity" className="text-lg font-bold">
          {t('activity_heading')}
        </h2>
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {series.map((key) => (
            <DayChart
              key={key}
              id={`admin-chart-${key}`}
              label={t(key)}
              kind={key === 'revenue' ? 'money' : 'count'}
              total={overview.totals[key]}
              points={overview.days.map((d) => ({ date: d.date, value: d[key] }))}
            />
          ))}
        </div>
      </section>

      <Panel id="admin-newsletter" title={t('newsletter_heading')} small>
        <p className="text-slate-700">{t('newsletter_hint')}</p>
        <p>
          <a href="/api/admin/newsletter.csv" download className={buttonClass()}>
            <Download aria-hidden size={18} />
            {t('newsletter_download')}
          </a>
        </p>
      </Panel>

      <Panel id="admin-invoices" title={tInvoices('heading')} small>
        <p className="text-slate-700">{tInvoices('hint')}</p>
        <p className="text-sm text-slate-600">{tInvoices('ksef_note')}</p>
        <PageMessages namespaces={clientMessages}>
          <InvoiceExport months={invoiceMonths} />
        </PageMessages>
      </Panel>
    </div>
  );
}
