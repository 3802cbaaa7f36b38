'use client';

import { useTranslations } from 'next-intl';
import { useId, useOptimistic, useTransition } from 'react';
import { useRouter } from '@/components/hooks/use-router';
import { eventsHash, type ListFilters, listHref, type SortOrder, sortOrders } from './list-url';

/** Spec §2 and §9: the events tab's order; "closest" only when the search has a location. */
export function SortSelect({ filters, placePage }: { filters: ListFilters; placePage: number }) {
  const t = useTranslations('list.sort');
  const router = useRouter();
  const id = useId();
  const [pending, startTransition] = useTransition();
  // Shows the chosen order at once; the URL (and so the props) catch up when the page arrives.
  const [order, setOrder] = useOptimistic<SortOrder>(filters.order_by ?? 'default');
  const hasLocation = filters.lat !== undefined && filters.lng !== undefined;
  const options = sortOrders.filter((o) => o !== 'closest' || hasLocation);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t('label')}
      </label>
      <select
        id={id}
        value={order}
        aria-busy={pending}
        onChange={(event) => {
          const order_by = event.target.value as SortOrder;
          // A new order starts again at the first page of events.
          const href = listHref({ ...filters, order_by }, { place_page: placePage }, eventsHash);
          startTransition(() => {
            setOrder(order_by);
            router.push(href, { scroll: false });
          });
        }}
        className="h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm"
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {t(o)}
          </option>
        ))}
      </select>
    </div>
  );
}
