import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { type Month, monthKey, shiftMonth } from './month-grid';

const navLinkClass =
  'flex h-11 min-w-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-2 text-slate-800 hover:bg-slate-100';

/** A year and a month back and forward, and "today" when another month is shown; plain `?month=` links. */
export async function MonthNav({ month, today }: { month: Month; today: string }) {
  const t = await getTranslations('calendar');
  const href = (m: Month) => `/calendar?month=${monthKey(m)}`;
  const isCurrent = today.startsWith(monthKey(month));
  // An icon-only link `months` away: its label names it and shows as a tooltip.
  const step = (months: number, label: string, icon: ReactNode) => (
    <Link href={href(shiftMonth(month, months))} aria-label={label} title={label} className={navLinkClass}>
      {icon}
    </Link>
  );
  return (
    <nav aria-label={t('nav_label')} className="flex flex-wrap items-center gap-1">
      {step(-12, t('prev_year'), <ChevronsLeft aria-hidden size={20} />)}
      {step(-1, t('prev_month'), <ChevronLeft aria-hidden size={20} />)}
      {!isCurrent && (
        <Link href="/calendar" className={`${navLinkClass} px-3 font-medium`}>
          {t('today')}
        </Link>
      )}
      {step(1, t('next_month'), <ChevronRight aria-hidden size={20} />)}
      {step(12, t('next_year'), <ChevronsRight aria-hidden size={20} />)}
    </nav>
  );
}
