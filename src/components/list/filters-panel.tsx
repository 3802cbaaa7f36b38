'use client';

import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, useTransition } from 'react';
import { useRouter } from '@/components/hooks/use-router';
import { ChevronDown } from '@/components/ui/icons';
import type { Locale } from '@/lib/locale';
import { localeHref } from '@/lib/locale-path';
import { type Draft, hasAdvanced, roundCoordinate, toDraft, toFilters } from './filters-draft';
import { FiltersFrame, useWide } from './filters-frame';
import { type ListFilters, listHref } from './list-url';

// The closed "more filters" hold nothing (an applied one opens them), so their code waits for the first open.
const AdvancedFilters = dynamic(() => import('./advanced-filters').then((m) => m.AdvancedFilters));
// The dates are in view (issue 30); rendered by the server, their code (shared with the search bar's
// chips) loads after the page's first JavaScript.
const DateFilter = dynamic(() => import('./date-filter').then((m) => m.DateFilter));
// Rendered by the server too, and the form is a plain GET form until they hydrate: their code may follow
// the page's first JavaScript, which keeps /list within its 150 KB (issue 15).
const TextFilters = dynamic(() => import('./text-filters').then((m) => m.TextFilters));
const FilterActions = dynamic(() => import('./filter-actions').then((m) => m.FilterActions));

/**
 * Spec §3 Filters: text, city, category, the dates with their shortcuts and "now" / "tonight" (issue 30),
 * and behind "more filters" the price (logarithmic slider of §5) and distance (with "use my location"). Apply puts them in the URL, so a search can be shared,
 * reloaded and navigated back; below 960 px the panel is a side drawer (a native modal dialog).
 */
export function FiltersPanel({
  filters,
  categories,
  attributes,
}: {
  filters: ListFilters;
  categories: { id: number; name: string }[];
  /** Issue 30: "Dostępność i rodzina", rendered on the server (list/attribute-filter.tsx). */
  attributes?: React.ReactNode;
}) {
  const t = useTranslations('list.filters');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const distance = useRef<HTMLSelectElement>(null);
  const [pending, startTransition] = useTransition();
  const wide = useWide();

  // The URL is the truth: when it changes (Apply, back button) the fields follow it.
  const applied = listHref(filters);
  const [draft, setDraft] = useState(() => toDraft(filters));
  const [shown, setShown] = useState(applied);
  const [advanced, setAdvanced] = useState(() => hasAdvanced(filters));
  if (shown !== applied) {
    setShown(applied);
    setDraft(toDraft(filters));
    if (hasAdvanced(filters)) setAdvanced(true);
  }
  // The geolocation answer arrives later; it must extend what the fields hold then.
  const latest = useRef(draft);
  useEffect(() => {
    latest.current = draft;
  }, [draft]);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const go = (next: ListFilters) => {
    // The hash keeps the open tab; new filters start again at the first page of both lists.
    const href = listHref(next, {}, window.location.hash);
    startTransition(() => router.push(href));
  };

  const located = (coords: GeolocationCoordinates) => {
    const next = {
      ...latest.current,
      lat: roundCoordinate(coords.latitude),
      lng: roundCoordinate(coords.longitude),
    };
    setDraft(next);
    go(toFilters(next, filters.order_by));
    // The distance can be chosen now; that is what the visitor asked the location for.
    window.setTimeout(() => distance.current?.focus(), 0);
  };

  const form = (
    <form
      action={localeHref('/list', locale)}
      method="get"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        // Issue 30: the attribute boxes are the server's (uncontrolled): read as ticked now.
        const ticked = new FormData(event.currentTarget).getAll('attributes') as string[];
        go(toFilters({ ...draft, attributes: ticked }, filters.order_by));
        dialog.current?.close();
      }}
      className="flex flex-col gap-4"
    >
      <TextFilters id={id} draft={draft} set={set} categories={categories} />
      <DateFilter id={id} draft={draft} set={set} />
      {attributes}

      <button
        type="button"
        aria-expanded={advanced}
        aria-controls={`${id}-advanced`}
        onClick={() => setAdvanced((open) => !open)}
        className="flex items-center justify-between rounded-lg px-1 py-2 text-left font-semibold text-brand-700 hover:bg-brand-50"
      >
        {t('advanced')}
        <ChevronDown aria-hidden size={18} className={`transition ${advanced ? 'rotate-180' : ''}`} />
      </button>

      <div id={`${id}-advanced`} hidden={!advanced} className="flex flex-col gap-4">
        {advanced && (
          <AdvancedFilters
            id={id}
            draft={draft}
            set={set}
            selectRef={distance}
            onLocated={located}
            onClearLocation={() =>
              go(toFilters({ ...draft, lat: undefined, lng: undefined, max_distance: '0' }, filters.order_by))
            }
          />
        )}
      </div>

      <FilterActions
        wide={wide}
        pending={pending}
        onReset={() => {
          setDraft(toDraft({}));
          // The events sort is not a filter; it stays unless it needed the location.
          go({ order_by: filters.order_by === 'closest' ? undefined : filters.order_by });
          dialog.current?.close();
        }}
      />
    </form>
  );

  return (
    <FiltersFrame id={id} wide={wide} dialog={dialog}>
      {form}
    </FiltersFrame>
  );
}
