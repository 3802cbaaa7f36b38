import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { OrganisersOnly } from '@/components/places/organisers-only';
import { Link } from '@/components/ui/link';
import { titled } from '@/i18n/page-title';
import { formatDate } from '@/lib/format';
import type { Locale } from '@/lib/locale';
import type { PromotionReport } from '@/lib/schemas/promotion-reports';
import { formatFigure, formatShare, promotionReportsPath } from '@/lib/stats-format';
import { listPromotionReports } from '@/server/stats/promotion-report';
import { redirectToLogin } from '@/web/locale-redirect';
import { orNotFound } from '@/web/not-found';
import { getPageUser } from '@/web/page-user';

export const generateMetadata = titled('promotion_report.title');

type Props = { searchParams: Promise<{ company?: string | string[] }> };

const link = 'font-semibold text-brand-700 underline';
const statusLook: Record<PromotionReport['status'], string> = {
  scheduled: 'bg-slate-100 text-slate-800',
  running: 'bg-green-100 text-green-800',
  ended: 'bg-brand-100 text-brand-700',
};

/** The company an admin asked for with `?company=` (undefined when missing or not an id). */
function companyParam(raw: string | string[] | undefined): number | undefined {
  return typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
}

/** Average page views and visitors a day during the promotion, beside its days without one. */
async function Comparison({ report }: { report: PromotionReport }) {
  const t = await getTranslations('promotion_report');
  const c = report.comparison;
  if (report.status === 'scheduled') return <p>{t('not_started', { date: formatDate(report.starts_at) })}</p>;
  if (!report.subject) return <p>{t('no_place')}</p>;
  if (c.views_per_day === null || c.visitors_per_day === null) return null;
  if (c.views_per_day_without === null || c.visitors_per_day_without === null) {
    return (
      <div className="grid gap-1">
        <p>{t('views_only', { views: c.views_per_day })}</p>
        <p>{t('visitors_only', { visitors: c.visitors_per_day })}</p>
        <p className="text-sm text-slate-600">{t('no_basis')}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-1">
      <p>{t('views', { views: c.views_per_day, without: c.views_per_day_without })}</p>
      <p>{t('visitors', { visitors: c.visitors_per_day, without: c.visitors_per_day_without })}</p>
      <p className="text-sm text-slate-600">{t('basis', { days: c.days_without })}</p>
    </div>
  );
}

async function ReportCard({ report, locale }: { report: PromotionReport; locale: Locale }) {
  const t = await getTranslations('promotion_report');
  const headingId = `report-${report.kind}-${report.id}`;
  const figures = [
    { label: t('impressions'), value: formatFigure(report.impressions, locale) },
    { label: t('clicks'), value: formatFigure(report.clicks, locale) },
    { label: t('ctr'), value: report.ctr === null ? t('no_impressions') : formatShare(report.ctr, locale) },
  ];
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <div className="min-w-0">
            <p className="text-sm font-semibold text-slate-600">{t(`kind.${report.kind}`)}</p>
            <h2 id={headingId} className="text-lg font-bold break-words">
              {report.subject?.type === 'event' ? (
                <Link href={`/event/${report.subject.id}`} className="text-brand-700 underline">
                  {report.name}
                </Link>
              ) : (
                report.name
              )}
            </h2>
          </div>
          <span
            className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold ${statusLook[report.status]}`}
          >
            {t(`status.${report.status}`)}
          </span>
        </div>
        <div className="text-sm text-slate-700">
          <p>
            {t('period', { from: formatDate(report.starts_at), until: formatDate(report.ends_at) })}
            {report.status !== 'scheduled' && ` · ${t('days', { count: report.days })}`}
          </p>
          {report.kind === 'home_ad' && report.subject && (
            <p>
              {t.rich('place', {
                name: report.subject.name,
                place: (chunks) => (
                  <Link href={`/places/${report.subject?.id}`} className={link}>
                    {chunks}
                  </Link>
                ),
              })}
            </p>
          )}
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {figures.map((f) => (
            <div key={f.label} className="rounded-lg bg-slate-50 p-3">
              <dt className="text-sm text-slate-700">{f.label}</dt>
              <dd className="text-xl font-bold text-slate-900">{f.value}</dd>
            </div>
          ))}
        </dl>
        <Comparison report={report} />
        {report.report_mailed_at && (
          <p className="text-sm text-slate-600">
            {t('mailed', { date: formatDate(report.report_mailed_at) })}
          </p>
        )}
      </article>
    </li>
  );
}

/**
 * Issue 28 point 3: what each paid promotion and home-page ad of the company delivered. Companies see
 * their own; an admin any company's with `?company=ID`; a guest is sent to /login and back.
 */
export default async function PromotionReportsPage({ searchParams }: Props) {
  const query = await searchParams;
  const companyId = companyParam(query.company);
  const path = companyId ? `${promotionReportsPath}?company=${companyId}` : promotionReportsPath;
  const user = await getPageUser();
  if (!user) return redirectToLogin(path);
  const t = await getTranslations('promotion_report');
  if (user.role !== 'company' && user.role !== 'admin') return <OrganisersOnly title={t('title')} />;
  if (user.role === 'admin' && !companyId) notFound();
  const locale = (await getLocale()) as Locale;
  const { company, reports } = await orNotFound(listPromotionReports({ actor: user, companyId }), [
    'not_found',
    'forbidden',
  ]);
  const statsHref = user.role === 'admin' ? `/account/stats?company=${company.id}` : '/account/stats';
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <div className="mb-6 grid gap-2">
        <p>
          <Link href={statsHref} className={`${link} inline-flex min-h-11 items-center`}>
            {t('stats_link')}
          </Link>
        </p>
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        {user.role === 'admin' && <p className="font-semibold">{t('company', { name: company.name })}</p>}
        <p className="text-slate-700">{t('intro')}</p>
        <p className="text-sm text-slate-600">{t('about')}</p>
      </div>
      {reports.length > 0 ? (
        <ul aria-label={t('list_label')} className="grid gap-4">
          {reports.map((report) => (
            <ReportCard key={`${report.kind}-${report.id}`} report={report} locale={locale} />
          ))}
        </ul>
      ) : (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          <p>{t('empty')}</p>
          <Link
            href="/premium#premium-promotion"
            className={`${link} mt-2 inline-flex min-h-11 items-center`}
          >
            {t('buy')}
          </Link>
        </div>
      )}
    </section>
  );
}
