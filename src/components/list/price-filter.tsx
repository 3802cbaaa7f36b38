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
      <FilterField id={`${id}-price-min`} label={t('price_min')}>
        <input
          id={`${id}-price-min`}
          name="price_min"
          type="number"
          inputMode="numeric"
          min={priceFloor}
          max={priceCeiling}
          step={1}
          value={draft.price_min}
          onChange={(e) => set({ price_min: e.target.value })}
          onBlur={() => {
            const min = clampPrice(Number(draft.price_min));
            set({ price_min: String(min), ...(min > maxPrice ? { price_max: String(min) } : {}) });
          }}
          className={filterInput}
        />
      </FilterField>
      <input
        type="range"
        aria-label={t('price_min_slider')}
        aria-valuetext={t('price_value', { price: minPrice })}
        min={1}
        max={100}
        value={priceToPosition(minPrice)}
        onChange={(e) =>
          set({ price_min: String(Math.min(positionToPrice(Number(e.target.value)), maxPrice)) })
        }
        className="w-full accent-brand-600"
      />
      <FilterField id={`${id}-price-max`} label={t('price_max')}>
        <input
          id={`${id}-price-max`}
          name="price_max"
          type="number"
          inputMode="numeric"
          min={priceFloor}
          max={priceCeiling}
          step={1}
          value={draft.price_max}
          onChange={(e) => set({ price_max: e.target.value })}
          onBlur={() => {
            const max = clampPrice(Number(draft.price_max));
            set({ price_max: String(max), ...(max < minPrice ? { price_min: String(max) } : {}) });
          }}
          className={filterInput}
        />
      </FilterField>
      <input
        type="range"
        aria-label={t('price_max_slider')}
        aria-valuetext={t('price_value', { price: maxPrice })}
        min={1}
        max={100}
        value={priceToPosition(maxPrice)}
        onChange={(e) =>
          set({ price_max: String(Math.max(positionToPrice(Number(e.target.value)), minPrice)) })
        }
        className="w-full accent-brand-600"
      />
    </fieldset>
  );
}
