'use client';

import { useTranslations } from 'next-intl';
import { chipClass, DateChips } from '@/components/layout/date-chips';
import { filterInput } from './filter-field';
import type { Draft, SetDraft } from './filters-draft';
import type { ListFilters } from './list-url';

const happenings = ['now', 'tonight'] as const satisfies readonly NonNullable<ListFilters['happening']>[];

/**
 * Issue 30: the dates in view, not under "more filters": the search bar's shortcuts and a range, then
 * "now" and "tonight" for the events tab. A chip fills the form; Apply puts it in the URL.
 */
export function DateFilter({ id, draft, set }: { id: string; draft: Draft; set: SetDraft }) {
  const t = useTranslations('list.filters');
  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-900">{t('dates')}</legend>
        <DateChips
          id={`${id}-when`}
          range={{ date_from: draft.date_from, date_end: draft.date_end }}
          onChange={(range) => set(range)}
          inputClass={filterInput}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-900">{t('happening')}</legend>
        <div className="flex flex-wrap gap-1.5">
          {happenings.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={draft.happening === value}
              onClick={() => set({ happening: draft.happening === value ? '' : value })}
              className={chipClass(draft.happening === value)}
            >
              {t(`happening_${value}`)}
            </button>
          ))}
        </div>
        {draft.happening && <input type="hidden" name="happening" value={draft.happening} />}
      </fieldset>
      {/* Issue 30: places open now, by their weekly and special hours (the places tab). */}
      <label className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold text-slate-900">
        <input
          type="checkbox"
          name="open_now"
          value="1"
          checked={draft.open_now}
          onChange={(event) => set({ open_now: event.currentTarget.checked })}
          className="h-5 w-5 accent-brand-600"
        />
        {t('open_now')}
      </label>
    </>
  );
}
