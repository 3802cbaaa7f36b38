import { getTranslations } from 'next-intl/server';
import { DayChart } from '@/components/admin/day-chart';
import type { CompanyStats } from '@/lib/schemas/stats';
import { statChange } from '@/lib/stats-compare';
import type { StatMeasure } from '@/lib/stats-measures';
import { statGroups } from '@/lib/stats-measures';

/** A total's change against the previous period, in words and colour (the words carry it alone too). */
async function ChangeNote({ current, previous }: { current: number; previous: number }) {
  const t = await getTranslations('stats.change');
  const change = statChange(current, previous);
  if (change.kind === 'none') return <span className="text-slate-600">{t('none')}</span>;
  if (change.kind === 'new') return <span className="font-semibold text-green-800">{t('new')}</span>;
  if (change.value === 0) return <span className="text-slate-600">{t('same')}</span>;
  return change.value > 0 ? (
    <span className="font-semibold text-green-800">{t('up', { value: change.value })}</span>
  ) : (
    <span className="font-semibold text-red-800">{t('down', { value: -change.value })}</span>
  );
}

/** The totals of the period, each with its change and its daily chart, in the groups of statGroups. */
export async function StatsCharts({ stats }: { stats: CompanyStats }) {
  const t = await getTranslations('stats');
  const points = (measure: StatMeasure) =>
    stats.daily.map((d) => ({ date: d.date, value: d.counts[measure] }));
  return (
    <>
      {statGroups.map((group) => (
        <section key={group.id} aria-labelledby={`stats-group-${group.id}`} className="grid gap-3">
          <h2 id={`stats-group-${group.id}`} className="text-xl font-bold">
            {t(`groups.${group.id}`)}
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {group.measures.map((measure) => (
              <DayChart
                key={measure}
                id={`stats-${measure}`}
                label={t(`measures.${measure}`)}
                points={points(measure)}
                total={stats.totals[measure]}
                totalLabel={t('total', { days: stats.days })}
                note={
                  <ChangeNote current={stats.totals[measure]} previous={stats.previous_totals[measure]} />
                }
              />
            ))}
          </div>
        </section>
      ))}
    </>
  );
}
