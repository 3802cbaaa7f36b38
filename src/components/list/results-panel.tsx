import type { ReactNode } from 'react';
import type { MapSettings } from '@/components/map/map-settings';
import { buttonClass } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { Pagination } from './pagination';
import type { MapItem } from './results-map';
import { ResultsMapSection } from './results-map-section';

interface Page {
  current_page: number;
  last_page: number;
  total: number;
}

const grid = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';
const otherGrid = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4';

/**
 * One tab of /list: the count, the tab's controls, pagination above and below the cards, a map of the
 * page's results, then a few popular items that are not on this page.
 */
export function ResultsPanel({
  id,
  title,
  toolbar,
  page,
  pageHref,
  paginationLabel,
  cards,
  empty,
  map,
  other,
}: {
  id: string;
  title: string;
  toolbar?: ReactNode;
  page: Page;
  pageHref: (page: number) => string;
  paginationLabel: { top: string; bottom: string };
  cards: { id: number; node: ReactNode }[];
  empty: ReactNode;
  map: { title: string; label: string; items: MapItem[]; settings: MapSettings };
  other: { title: string; cards: { id: number; node: ReactNode }[] };
}) {
  const pagination = (label: string) =>
    page.last_page > 1 && (
      <Pagination label={label} current={page.current_page} last={page.last_page} href={pageHref} />
    );
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-count`} className="text-xl font-bold">
          {title}
        </h2>
        {toolbar}
      </div>
      {page.total === 0 ? (
        empty
      ) : (
        <>
          {pagination(paginationLabel.top)}
          <ul aria-labelledby={`${id}-count`} className={grid}>
            {cards.map((c) => (
              <li key={c.id}>{c.node}</li>
            ))}
          </ul>
          {pagination(paginationLabel.bottom)}
          {map.items.length > 0 && (
            <section aria-labelledby={`${id}-map`} className="mt-4">
              <h2 id={`${id}-map`} className="mb-3 text-xl font-bold">
                {map.title}
              </h2>
              <ResultsMapSection items={map.items} label={map.label} map={map.settings} />
            </section>
          )}
        </>
      )}
      {other.cards.length > 0 && (
        <section aria-labelledby={`${id}-other`} className="mt-6">
          <h2 id={`${id}-other`} className="mb-3 text-xl font-bold">
            {other.title}
          </h2>
          <ul className={otherGrid}>
            {other.cards.map((c) => (
              <li key={c.id}>{c.node}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** Spec §8 empty states, with the way out. */
export function EmptyResults({
  title,
  hint,
  action,
}: {
  title: string;
  hint: string;
  action: { href: string; label: string };
}) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="text-lg font-semibold">{title}</p>
      <p className="mt-1 text-slate-600">{hint}</p>
      <Link href={action.href} className={buttonClass({ className: 'mt-4' })}>
        {action.label}
      </Link>
    </div>
  );
}
