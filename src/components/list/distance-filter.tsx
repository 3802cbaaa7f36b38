'use client';

import { useTranslations } from 'next-intl';
import type { Ref } from 'react';
import { LocateFixed } from '@/components/ui/icons';
import { distanceOptions } from '@/lib/spec-limits';
import { FilterField, filterInput } from './filter-field';
import type { Draft, SetDraft } from './filters-draft';

/** The distance, which needs the visitor's location: "use my location" asks the browser, "clear" forgets it. */
export function DistanceFilter({
  id,
  draft,
  set,
  selectRef,
  locating,
  locationFailed,
  onLocate,
  onClearLocation,
}: {
  id: string;
  draft: Draft;
  set: SetDraft;
  selectRef: Ref<HTMLSelectElement>;
  locating: boolean;
  locationFailed: boolean;
  onLocate: () => void;
  onClearLocation: () => void;
}) {
  const t = useTranslations('list.filters');
  // Spec §8 'load.coordinates.problem': the home page's nearby events say the same.
  const tHome = useTranslations('home');
  const located = draft.lat !== undefined && draft.lng !== undefined;
  return (
    <div className="flex flex-col gap-2">
      <FilterField id={`${id}-distance`} label={t('distance')}>
        <select
          ref={selectRef}
          id={`${id}-distance`}
          name="max_distance"
          value={draft.max_distance}
          disabled={!located}
          aria-describedby={located ? undefined : `${id}-distance-hint`}
          onChange={(e) => set({ max_distance: e.target.value })}
          className={`${filterInput} disabled:bg-slate-100 disabled:text-slate-500`}
        >
          {distanceOptions.map((km) =>
            km === 0 ? (
              // Spec §9: "0 shown blank"; screen readers still hear what it means.
              <option key={km} value="0" aria-label={t('distance_none')}></option>
            ) : (
              <option key={km} value={km}>
                {t('distance_km', { km })}
              </option>
            ),
          )}
        </select>
      </FilterField>
      {located ? (
        <>
          <input type="hidden" name="lat" value={draft.lat} />
          <input type="hidden" name="lng" value={draft.lng} />
          <p className="text-sm text-slate-700">{t('location_set')}</p>
          <button
            type="button"
            onClick={onClearLocation}
            className="self-start text-sm font-medium text-brand-700 underline"
          >
            {t('clear_location')}
          </button>
        </>
      ) : (
        <p id={`${id}-distance-hint`} className="text-sm text-slate-600">
          {t('distance_needs_location')}
        </p>
      )}
      <button
        type="button"
        onClick={onLocate}
        disabled={locating}
        className="flex h-10 items-center justify-center gap-2 rounded-lg border border-brand-600 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
      >
        <LocateFixed aria-hidden size={16} />
        {locating ? t('locating') : t('use_location')}
      </button>
      {locationFailed && (
        <p role="alert" className="text-sm text-red-700">
          {tHome('load_coordinates_problem')}
        </p>
      )}
    </div>
  );
}
