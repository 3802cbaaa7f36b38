import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AddPlaceLink } from '@/components/places/add-place-link';
import { OrganisersOnly } from '@/components/places/organisers-only';
import { StatsCharts } from '@/components/stats/stats-charts';
import { type StatsView, statsCsvHref, statsHref } from '@/components/stats/stats-href';
import { StatsItemsTable } from '@/components/stats/stats-items-table';
import { Download, Megaphone } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { titled } from '@/i18n/page-title';
import { formatDate } from '@/lib/format';
import { defaultStatPeriod } from '@/lib/schemas/stats';
import { type StatMeasure, type StatPeriod, statMeasures, statPeriods } from '@/lib/stats-measures';
import { AppError } from '@/server/errors';
import { companyStats } from '@/server/stats/company-stats';
import { redirectToLogin } from '@/web/locale-redirect';
import { getPageUser } from '@/web/page-user';

export const generateMetadata = titled('stats.title');

type Props = {
  searchParams: Promise<{ days?: string | string[]; sort?: string | string[]; company?: string | string[] }>;
};

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The view the address asks for; anything unknown falls back to 30 days sorted by views. */
function viewOf(params: Awaited<Props['searchParams']>): StatsView {
  const days = Number(one(params.days));
  const sort = one(params.sort);
  const company = Number(one(params.company));
  return {
    days: (statPeriods as readonly number[]).includes(days) ? (days as StatPeriod) : defaultStatPeriod,
    sort: statMeasures.includes(sort as StatMeasure) ? (sort as StatMeasure) : 'view',
    company: Number.isSafeInteger(company) && company > 0 ? company : undefined,
  };
}

/**
 * Issue 28 point 2: a company's figures for the last 7, 30 or 90 days: totals with their change, a chart
 * per measure and its events and places. An admin sees any company's (`?company=ID`, point 5).
 */
export default async function StatsPage({ searchParams }: Props) {
  const asked = viewOf(await searchParams);
  const user = await getPageUser();
  if (!user) return redirectToLogin(statsHref(asked));
  const t = await getTranslations('stats');
  // A company sees its own figures whatever the address says; only an admin chooses the company.
  const admin = user.role === 'admin' && asked.company !== undefined;
  if (user.role !== 'company' && !admin) return <OrganisersOnly title={t('title')} />;
  const view: StatsView = { ...asked, company: admin ? asked.company : undefined };
  const stats = await companyStats({ companyId: view.company ?? user.id, days: view.days }).catch((error) => {
    if (error instanceof AppError && error.code === 'not_found') notFound();
    throw error;
  });
  const range = (r: { from: string; to: string }) => ({ from: formatDate(r.from), to: formatDate(r.to) });
  const period = range(stats.period);
  const previous = range(stats.previous_period);
  const action =
    'inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 font-semibold hover:bg-slate-50';
  return (
    <section className="mx-auto grid max-w-6xl min-w-0 gap-8 px-4 py-10">
      <header className="grid gap-4">
        <h1 className="text-2xl font-bold">
          {admin ? t('title_company', { name: stats.company.name }) : t('title')}
        </h1>
        <p className="text-slate-700">{t('intro')}</p>
        <nav aria-label={t('period_label')} className="flex flex-wrap items-center gap-2">
          <span aria-hidden className="font-semibold">
            {t('period_label')}:
          </span>
          {statPeriods.map((days) => (
            <Link
              key={days}
              href={statsHref({ ...view, days })}
              aria-current={days === view.days ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center rounded-lg px-4 font-semibold ${
                days === view.days
                  ? 'bg-brand-600 text-white'
                  : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
              }`}
            >
              {t('period_days', { days })}
            </Link>
          ))}
        </nav>
        <p className="text-sm text-slate-700">
          {t('period_range', {
            from: period.from,
            to: period.to,
            previousFrom: previous.from,
            previousTo: previous.to,
          })}
        </p>
        <div className="flex flex-wrap gap-2">
          {/* A download, not a page: the browser saves the file (Content-Disposition). */}
          <a href={statsCsvHref(view)} download className={action}>
            <Download aria-hidden size={18} />
            {t('download_csv')}
          </a>
          {!admin && (
            <Link href="/account/stats/promotions" className={action}>
              <Megaphone aria-hidden size={18} />
              {t('promotion_reports')}
            </Link>
          )}
        </div>
      </header>
      {stats.items.length === 0 ? (
        <div className="grid justify-items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="text-slate-700">{t('empty')}</p>
          {!admin && <AddPlaceLink label={t('empty_add')} />}
        </div>
      ) : (
        <>
          <StatsCharts stats={stats} />
          <StatsItemsTable items={stats.items} view={view} />
        </>
      )}
    </section>
  );
}
