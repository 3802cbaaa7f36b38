import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import type { StatsItem } from '@/lib/schemas/stats';
import { sortStatsItems } from '@/lib/stats-compare';
import { statMeasures } from '@/lib/stats-measures';
import { type StatsView, statsHref } from './stats-href';

export const statsItemsId = 'stats-items';

/**
 * The company's events and places with their sums over the period. Each measure's header is a link that
 * sorts by it (kept in the address, no JavaScript); the table scrolls sideways in its own box on a phone.
 */
export async function StatsItemsTable({ items, view }: { items: StatsItem[]; view: StatsView }) {
  const t = await getTranslations('stats');
  const sorted = sortStatsItems(items, view.sort);
  const headingId = `${statsItemsId}-heading`;
  const cell = 'border-t border-slate-200 px-3 py-2';
  return (
    <div id={statsItemsId} className="grid min-w-0 gap-3">
      <h2 id={headingId} className="text-xl font-bold">
        {t('items.heading')}
      </h2>
      <p className="text-sm text-slate-700">{t('items.hint')}</p>
      <section
        aria-labelledby={headingId}
        // Keyboard users scroll the table sideways too (axe: scrollable-region-focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
        tabIndex={0}
        className="max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white"
      >
        <table className="min-w-full text-sm">
          <caption className="sr-only">{t('items.caption', { measure: t(`measures.${view.sort}`) })}</caption>
          <thead>
            <tr className="text-left align-bottom">
              <th scope="col" className="sticky left-0 bg-white px-3 py-2">
                {t('items.name')}
              </th>
              {statMeasures.map((measure) => {
                const active = measure === view.sort;
                return (
                  <th
                    key={measure}
                    scope="col"
                    aria-sort={active ? 'descending' : undefined}
                    className="min-w-28 px-3 py-2 text-right"
                  >
                    <Link
                      href={statsHref({ ...view, sort: measure }, `#${statsItemsId}`)}
                      className={`inline-block rounded underline-offset-2 hover:underline ${active ? 'font-bold text-brand-700 underline' : 'font-semibold text-slate-700'}`}
                    >
                      {t(`measures.${measure}`)}
                      {active && <span aria-hidden> ↓</span>}
                    </Link>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {sorted.map((item) => (
              <tr key={`${item.type}-${item.id}`}>
                <th
                  scope="row"
                  className={`${cell} sticky left-0 max-w-48 bg-white text-left font-normal break-words`}
                >
                  <Link
                    href={item.type === 'event' ? `/event/${item.id}` : `/places/${item.id}`}
                    className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                  >
                    {item.name}
                  </Link>
                  <span className="block text-xs text-slate-600">{t(`items.${item.type}`)}</span>
                </th>
                {statMeasures.map((measure) => (
                  <td
                    key={measure}
                    className={`${cell} text-right tabular-nums ${measure === view.sort ? 'font-bold' : ''}`}
                  >
                    {item.counts[measure]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
