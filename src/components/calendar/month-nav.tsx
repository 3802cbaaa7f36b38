import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { type Month, monthKey, shiftMonth } from './month-grid';

const navLinkClass =
  'flex h-11 min-w-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-2 text-slate-800 hover:bg-slate-100';

/** A year and a month back and forward, and "today" when another month is shown; plain `?month=` links. */
export async function MonthNav({ month, today }: { month: Month; today: string }) {
  const t = await getTranslations('calendar');
  const href = (m: Month) => `/calendar?month=${monthKey(m)}`;
  const isCurrent = today.startsWith(monthKey(month));
  return (
    <nav aria-label={t('nav_label')} className="flex flex-wrap items-center gap-1">
      <Link
        href={href(shiftMonth(month, -12))}
        aria-label={t('prev_year')}
        title={t('prev_year')}
        className={navLinkClass}
      >
        <ChevronsLeft aria-hidden size={20} />
      </Link>
      <Link
        href={href(shiftMonth(month, -1))}
        aria-label={t('prev_month')}
        title={t('prev_month')}
        className={navLinkClass}
      >
        <ChevronLeft aria-hidden size={20} />
      </Link>
      {!isCurrent && (
        <Link href="/calendar" className={`${navLinkClass} px-3 font-medium`}>
          {t('today')}
        </Link>
      )}
      <Link
        href={href(shiftMonth(month, 1))}
        aria-label={t('next_month')}
        title={t('next_month')}
        className={navLinkClass}
      >
        <ChevronRight aria-hidden size={20} />
      </Link>
      <Link
        href={href(shiftMonth(month, 12))}
        aria-label={t('next_year')}
        title={t('next_year')}
        className={navLinkClass}
      >
        <ChevronsRight aria-hidden size={20} />
      </Link>
    </nav>
  );
}
