'use client';

import { ChevronDown, LocateFixed, SlidersHorizontal, X } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import {
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  useTransition,
} from 'react';
import { distanceChoices, type ListFilters, listHref } from './list-url';
import { clampPrice, positionToPrice, priceCeiling, priceFloor, priceToPosition } from './price-scale';

// The form's own copy of the filters: what the fields show until Apply puts it in the URL.
interface Draft {
  search: string;
  localization: string;
  category_id: string;
  price_min: string;
  price_max: string;
  date_from: string;
  date_end: string;
  max_distance: string;
  lat?: number;
  lng?: number;
}

const toDraft = (f: ListFilters): Draft => ({
  search: f.search ?? '',
  localization: f.localization ?? '',
  category_id: f.category_id ? String(f.category_id) : '',
  price_min: String(f.price_min ?? priceFloor),
  price_max: String(f.price_max ?? priceCeiling),
  date_from: f.date_from ?? '',
  date_end: f.date_end ?? '',
  max_distance: f.max_distance ? String(f.max_distance) : '0',
  lat: f.lat,
  lng: f.lng,
});

/** Spec §7: price_min only above 1, price_max only below 99999; a distance and "closest" need a location. */
function toFilters(d: Draft, order: ListFilters['order_by']): ListFilters {
  const located = d.lat !== undefined && d.lng !== undefined;
  let min = clampPrice(Number(d.price_min));
  let max = clampPrice(Number(d.price_max));
  if (min > max) [min, max] = [max, min];
  return {
    search: d.search.trim() || undefined,
    localization: d.localization.trim() || undefined,
    category_id: d.category_id ? Number(d.category_id) : undefined,
    price_min: min > priceFloor ? min : undefined,
    price_max: max < priceCeiling ? max : undefined,
    date_from: d.date_from || undefined,
    date_end: d.date_end && (!d.date_from || d.date_end >= d.date_from) ? d.date_end : undefined,
    max_distance: located && Number(d.max_distance) > 0 ? Number(d.max_distance) : undefined,
    lat: located ? d.lat : undefined,
    lng: located ? d.lng : undefined,
    order_by: order === 'closest' && !located ? undefined : order,
  };
}

const hasAdvanced = (f: ListFilters) =>
  [f.price_min, f.price_max, f.date_from, f.date_end, f.max_distance, f.lat].some((v) => v !== undefined);

// Below the md breakpoint (960 px) the panel is a drawer; the server renders the wide layout.
const wideQuery = '(min-width: 960px)';
const subscribeWide = (change: () => void) => {
  const query = window.matchMedia(wideQuery);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
};

// About 11 m: close enough to sort by distance, and a shared link does not pinpoint a home.
const roundCoordinate = (value: number) => Math.round(value * 10_000) / 10_000;

const input = 'h-11 w-full rounded-lg border border-slate-300 bg-white px-3';

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * Spec §3 Filters: text, city, category, and behind "more filters" the price (logarithmic slider of §5),
 * dates and distance (with "use my location"). Apply puts them in the URL, so a search can be shared,
 * reloaded and navigated back; below 960 px the panel is a side drawer (a native modal dialog).
 */
export function FiltersPanel({
  filters,
  categories,
}: {
  filters: ListFilters;
  categories: { id: number; name: string }[];
}) {
  const t = useTranslations('list.filters');
  // Spec §8 'load.coordinates.problem': the home page's nearby events say the same.
  const tHome = useTranslations('home');
  const router = useRouter();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const distance = useRef<HTMLSelectElement>(null);
  const [pending, startTransition] = useTransition();
  const wide = useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(wideQuery).matches,
    () => true,
  );

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
  const [locating, setLocating] = useState(false);
  const [locationFailed, setLocationFailed] = useState(false);

  useEffect(() => {
    if (wide) dialog.current?.close();
  }, [wide]);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const go = (next: ListFilters) => {
    // The hash keeps the open tab; new filters start again at the first page of both lists.
    const href = listHref(next, {}, window.location.hash);
    startTransition(() => router.push(href));
  };

  const locate = () => {
    setLocationFailed(false);
    if (!('geolocation' in navigator)) {
      setLocationFailed(true);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const next = {
          ...latest.current,
          lat: roundCoordinate(position.coords.latitude),
          lng: roundCoordinate(position.coords.longitude),
        };
        setDraft(next);
        go(toFilters(next, filters.order_by));
        // The distance can be chosen now; that is what the visitor asked the location for.
        window.setTimeout(() => distance.current?.focus(), 0);
      },
      () => {
        setLocating(false);
        setLocationFailed(true);
      },
      { timeout: 15_000, maximumAge: 600_000 },
    );
  };

  const located = draft.lat !== undefined && draft.lng !== undefined;
  const minPrice = clampPrice(Number(draft.price_min));
  const maxPrice = clampPrice(Number(draft.price_max));

  const form = (
    <form
      action="/list"
      method="get"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        go(toFilters(draft, filters.order_by));
        dialog.current?.close();
      }}
      className="flex flex-col gap-4"
    >
      <Field id={`${id}-search`} label={t('search')}>
        <input
          id={`${id}-search`}
          name="search"
          type="search"
          value={draft.search}
          onChange={(e) => set({ search: e.target.value })}
          placeholder={t('search_placeholder')}
          maxLength={200}
          className={input}
        />
      </Field>
      <Field id={`${id}-city`} label={t('city')}>
        <input
          id={`${id}-city`}
          name="localization"
          value={draft.localization}
          onChange={(e) => set({ localization: e.target.value })}
          autoComplete="address-level2"
          maxLength={100}
          className={input}
        />
      </Field>
      <Field id={`${id}-category`} label={t('category')}>
        <select
          id={`${id}-category`}
          name="category_id"
          value={draft.category_id}
          onChange={(e) => set({ category_id: e.target.value })}
          className={input}
        >
          <option value="">{t('any_category')}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </Field>

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
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-slate-900">{t('price')}</legend>
          <Field id={`${id}-price-min`} label={t('price_min')}>
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
              className={input}
            />
          </Field>
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
          <Field id={`${id}-price-max`} label={t('price_max')}>
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
              className={input}
            />
          </Field>
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

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-slate-900">{t('dates')}</legend>
          <Field id={`${id}-from`} label={t('date_from')}>
            <input
              id={`${id}-from`}
              name="date_from"
              type="date"
              value={draft.date_from}
              max={draft.date_end || undefined}
              onChange={(e) => set({ date_from: e.target.value })}
              className={input}
            />
          </Field>
          <Field id={`${id}-end`} label={t('date_end')}>
            <input
              id={`${id}-end`}
              name="date_end"
              type="date"
              value={draft.date_end}
              min={draft.date_from || undefined}
              onChange={(e) => set({ date_end: e.target.value })}
              className={input}
            />
          </Field>
        </fieldset>

        <div className="flex flex-col gap-2">
          <Field id={`${id}-distance`} label={t('distance')}>
            <select
              ref={distance}
              id={`${id}-distance`}
              name="max_distance"
              value={draft.max_distance}
              disabled={!located}
              aria-describedby={located ? undefined : `${id}-distance-hint`}
              onChange={(e) => set({ max_distance: e.target.value })}
              className={`${input} disabled:bg-slate-100 disabled:text-slate-500`}
            >
              {distanceChoices.map((km) =>
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
          </Field>
          {located ? (
            <>
              <input type="hidden" name="lat" value={draft.lat} />
              <input type="hidden" name="lng" value={draft.lng} />
              <p className="text-sm text-slate-700">{t('location_set')}</p>
              <button
                type="button"
                onClick={() =>
                  go(
                    toFilters(
                      { ...draft, lat: undefined, lng: undefined, max_distance: '0' },
                      filters.order_by,
                    ),
                  )
                }
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
            onClick={locate}
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
      </div>

      {/* In the drawer the buttons stay in reach while the fields scroll. */}
      <div
        className={`flex gap-2 ${wide ? '' : 'sticky bottom-0 -mx-4 -mb-4 border-t border-slate-200 bg-white px-4 py-3'}`}
      >
        <button
          type="submit"
          aria-busy={pending}
          className="flex h-11 flex-1 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
        >
          {pending && (
            <span
              aria-hidden
              className="h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent"
            />
          )}
          {t('apply')}
        </button>
        <button
          type="button"
          onClick={() => {
            setDraft(toDraft({}));
            // The events sort is not a filter; it stays unless it needed the location.
            go({ order_by: filters.order_by === 'closest' ? undefined : filters.order_by });
            dialog.current?.close();
          }}
          className="h-11 rounded-lg border border-slate-300 bg-white px-4 font-semibold text-slate-700 hover:bg-slate-50"
        >
          {t('reset')}
        </button>
      </div>
    </form>
  );

  return (
    <>
      <div className="mb-4 md:hidden">
        <button
          ref={trigger}
          type="button"
          aria-haspopup="dialog"
          onClick={() => dialog.current?.showModal()}
          className="flex h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 font-semibold"
        >
          <SlidersHorizontal aria-hidden size={18} />
          {t('open')}
        </button>
      </div>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click closes; keyboards have Escape and the close button */}
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        onClose={() => trigger.current?.focus()}
        // A click on the backdrop lands on the dialog element itself.
        onClick={(e) => {
          if (e.target === e.currentTarget) e.currentTarget.close();
        }}
        className="m-0 h-full max-h-none w-80 max-w-[calc(100%-2.5rem)] bg-white p-0 shadow-xl backdrop:bg-slate-900/60"
      >
        {!wide && (
          <div className="flex h-full flex-col">
            <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-3">
              <h2 id={`${id}-title`} className="text-lg font-semibold">
                {t('title')}
              </h2>
              <button
                type="button"
                onClick={() => dialog.current?.close()}
                aria-label={t('close')}
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-slate-100"
              >
                <X aria-hidden size={20} />
              </button>
            </div>
            <div className="flex-1 overflow-y-auto p-4">{form}</div>
          </div>
        )}
      </dialog>
      {wide && (
        <aside aria-labelledby={`${id}-title`} className="hidden md:block">
          <div className="rounded-xl border border-slate-200 bg-white p-4">
            <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold">
              {t('title')}
            </h2>
            {form}
          </div>
        </aside>
      )}
    </>
  );
}
