'use client';

import { useTranslations } from 'next-intl';
import { FilterField, filterInput } from './filter-field';
import type { Draft, SetDraft } from './filters-draft';

/** From and to dates; each field keeps the other's value as its bound. */
export function DateFilter({ id, draft, set }: { id: string; draft: Draft; set: SetDraft }) {
  const t = useTranslations('list.filters');
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-slate-900">{t('dates')}</legend>
      <FilterField id={`${id}-from`} label={t('date_from')}>
        <input
          id={`${id}-from`}
          name="date_from"
          type="date"
          value={draft.date_from}
          max={draft.date_end || undefined}
          onChange={(e) => set({ date_from: e.target.value })}
          className={filterInput}
        />
      </FilterField>
      <FilterField id={`${id}-end`} label={t('date_end')}>
        <input
          id={`${id}-end`}
          name="date_end"
          type="date"
          value={draft.date_end}
          min={draft.date_from || undefined}
          onChange={(e) => set({ date_end: e.target.value })}
          className={filterInput}
        />
      </FilterField>
    </fieldset>
  );
}
