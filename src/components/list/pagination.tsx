import { getTranslations } from 'next-intl/server';
import { ChevronLeft, ChevronRight } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';

type Item = { page: number; near: boolean; phoneGap?: boolean } | { gap: string };

/**
 * First, last, the current page and its neighbours, with gaps between. Phones hide the neighbours
 * (`near`); where that leaves pages out without a gap, the neighbour shows one there (`phoneGap`).
 */
export function pageItems(current: number, last: number): Item[] {
  const pages = [...new Set([1, current - 1, current, current + 1, last])]
    .filter((p) => p >= 1 && p <= last)
    .sort((a, b) => a - b);
  const items: Item[] = [];
  pages.forEach((page, i) => {
    const previous = pages[i - 1];
    if (previous !== undefined && page - previous > 1) items.push({ gap: `gap-${page}` });
    items.push({ page, near: page !== current && page !== 1 && page !== last });
  });
  return items.map((item, i) => {
    if ('gap' in item || !item.near) return item;
    const outside = items[item.page < current ? i - 1 : i + 1];
    return { ...item, phoneGap: !!outside && !('gap' in outside) };
  });
}

const box = 'flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg px-2 text-sm font-medium';

/**
 * Spec §4: previous/next are disabled (aria-disabled, not links) on the first/last page. Every page is a
 * plain link, so paging works without JavaScript and with the browser's back button.
 */
export async function Pagination({
  label,
  current,
  last,
  href,
}: {
  label: string;
  current: number;
  last: number;
  href: (page: number) => string;
}) {
  const t = await getTranslations('list.pagination');
  const step = (page: number, text: string, icon: React.ReactNode, enabled: boolean) =>
    enabled ? (
      <Link href={href(page)} rel={page < current ? 'prev' : 'next'} className={`${box} hover:bg-slate-100`}>
        {icon}
        <span className="sr-only sm:not-sr-only">{text}</span>
      </Link>
    ) : (
      // biome-ignore lint/a11y/useSemanticElements: a disabled step is not a link (no href), yet is named and announced as one
      <span role="link" aria-disabled="true" tabIndex={-1} className={`${box} text-slate-400`}>
        {icon}
        <span className="sr-only sm:not-sr-only">{text}</span>
      </span>
    );
  return (
    <nav aria-label={label} className="flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>{step(current - 1, t('previous'), <ChevronLeft aria-hidden size={18} />, current > 1)}</li>
        {pageItems(current, last).map((item) =>
          'gap' in item ? (
            <li key={item.gap} aria-hidden className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={item.page} className={item.near && !item.phoneGap ? 'hidden sm:block' : undefined}>
              {item.phoneGap && (
                <span aria-hidden className="px-1 text-slate-500 sm:hidden">
                  …
                </span>
              )}
              <Link
                href={href(item.page)}
                aria-label={t('page', { page: item.page })}
                aria-current={item.page === current ? 'page' : undefined}
                className={`${box} ${item.near ? 'hidden sm:flex' : ''} ${item.page === current ? 'bg-brand-600 text-white' : 'hover:bg-slate-100'}`}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li>{step(current + 1, t('next'), <ChevronRight aria-hidden size={18} />, current < last)}</li>
      </ul>
    </nav>
  );
}
