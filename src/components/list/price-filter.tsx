'use client';

import { useTranslations } from 'next-intl';
import { FilterField, filterInput } from './filter-field';
import type { Draft, SetDraft } from './filters-draft';
import { clampPrice, positionToPrice, priceCeiling, priceFloor, priceToPosition } from './price-scale';

/** The price range: a number field and a logarithmic slider (spec §5) for each end; the ends never cross. */
export function PriceFilter({ id, draft, set }: { id: string; draft: Draft; set: SetDraft }) {
  const t = useTranslations('list.filters');
  const minPrice = clampPrice(Number(draft.price_min));
  const maxPrice = clampPrice(Number(draft.price_max));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-slate-900">{t('price')}</legend>
      <PriceEnd id={id} end="min" draft={draft} set={set} price={minPrice} other={maxPrice} />
      <PriceEnd id={id} end="max" draft={draft} set={set} price={maxPrice} other={minPrice} />
    </fieldset>
  );
}

/** One end of the range, its field and then its slider; `price` is this end, `other` the opposite one. */
function PriceEnd({
  id,
  end,
  draft,
  set,
  price,
  other,
}: {
  id: string;
  end: 'min' | 'max';
  draft: Draft;
  set: SetDraft;
  price: number;
  other: number;
}) {
  const t = useTranslations('list.filters');
  const key = end === 'min' ? 'price_min' : 'price_max';
  const otherKey = end === 'min' ? 'price_max' : 'price_min';
  // The lower end stays at or below the upper one, and the upper end at or above the lower one.
  const crosses = (value: number) => (end === 'min' ? value > other : value < other);
  const within = (value: number) => (end === 'min' ? Math.min(value, other) : Math.max(value, other));
  return (
    <>
      <FilterField id={`${id}-price-${end}`} label={t(key)}>
        <input
          id={`${id}-price-${end}`}
          name={key}
          type="number"
          inputMode="numeric"
          min={priceFloor}
          max={priceCeiling}
          step={1}
          value={draft[key]}
          onChange={(e) => set({ [key]: e.target.value })}
          onBlur={() => {
            const value = clampPrice(Number(draft[key]));
            set({ [key]: String(value), ...(crosses(value) ? { [otherKey]: String(value) } : {}) });
          }}
          className={filterInput}
        />
      </FilterField>
      <input
        type="range"
        aria-label={t(`${key}_slider`)}
        aria-valuetext={t('price_value', { price })}
        min={1}
        max={100}
        value={priceToPosition(price)}
        onChange={(e) => set({ [key]: String(within(positionToPrice(Number(e.target.value)))) })}
        className="w-full accent-brand-600"
      />
    </>
  );
}
