'use client';

import { useTranslations } from 'next-intl';
import { OptionList } from '@/components/forms/option-list';
import { textMax } from '@/lib/form-limits';
import { FilterField, filterInput } from './filter-field';
import type { Draft, SetDraft } from './filters-draft';

/** The filters always in view: text, city and category. */
export function TextFilters({
  id,
  draft,
  set,
  categories,
}: {
  id: string;
  draft: Draft;
  set: SetDraft;
  categories: { id: number; name: string }[];
}) {
  const t = useTranslations('list.filters');
  return (
    <>
      <FilterField id={`${id}-search`} label={t('search')}>
        <input
          id={`${id}-search`}
          name="search"
          type="search"
          value={draft.search}
          onChange={(e) => set({ search: e.target.value })}
          placeholder={t('search_placeholder')}
          maxLength={textMax.search}
          className={filterInput}
        />
      </FilterField>
      <FilterField id={`${id}-city`} label={t('city')}>
        <input
          id={`${id}-city`}
          name="localization"
          value={draft.localization}
          onChange={(e) => set({ localization: e.target.value })}
          autoComplete="address-level2"
          maxLength={textMax.city}
          className={filterInput}
        />
      </FilterField>
      <FilterField id={`${id}-category`} label={t('category')}>
        <select
          id={`${id}-category`}
          name="category_id"
          value={draft.category_id}
          onChange={(e) => set({ category_id: e.target.value })}
          className={filterInput}
        >
          <OptionList empty={t('any_category')} options={categories} />
        </select>
      </FilterField>
    </>
  );
}
