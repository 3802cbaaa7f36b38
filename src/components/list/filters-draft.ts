import type { ListFilters } from './list-url';
import { clampPrice, priceCeiling, priceFloor } from './price-scale';

// The form's own copy of the filters: what the fields show until Apply puts it in the URL.
export interface Draft {
  search: string;
  localization: string;
  category_id: string;
  price_min: string;
  price_max: string;
  date_from: string;
  date_end: string;
  /** '' or one of ListFilters' `happening`. */
  happening: string;
  /** Places open now (issue 30). */
  open_now: boolean;
  /** Attribute slugs ticked (issue 30). */
  attributes: string[];
  max_distance: string;
  lat?: number;
  lng?: number;
}

export type SetDraft = (patch: Partial<Draft>) => void;

export const toDraft = (f: ListFilters): Draft => ({
  search: f.search ?? '',
  localization: f.localization ?? '',
  category_id: f.category_id ? String(f.category_id) : '',
  price_min: String(f.price_min ?? priceFloor),
  price_max: String(f.price_max ?? priceCeiling),
  date_from: f.date_from ?? '',
  date_end: f.date_end ?? '',
  happening: f.happening ?? '',
  open_now: f.open_now === '1',
  attributes: f.attributes ? f.attributes.split(',').filter(Boolean) : [],
  max_distance: f.max_distance ? String(f.max_distance) : '0',
  lat: f.lat,
  lng: f.lng,
});

/** Spec §7: price_min only above 1, price_max only below 99999; a distance and "closest" need a location. */
export function toFilters(d: Draft, order: ListFilters['order_by']): ListFilters {
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
    happening: d.happening === 'now' || d.happening === 'tonight' ? d.happening : undefined,
    open_now: d.open_now ? '1' : undefined,
    attributes: d.attributes.length ? [...new Set(d.attributes)].sort().join(',') : undefined,
    max_distance: located && Number(d.max_distance) > 0 ? Number(d.max_distance) : undefined,
    lat: located ? d.lat : undefined,
    lng: located ? d.lng : undefined,
    order_by: order === 'closest' && !located ? undefined : order,
  };
}

export const hasAdvanced = (f: ListFilters) =>
  [f.price_min, f.price_max, f.max_distance, f.lat].some((v) => v !== undefined);

// About 11 m: close enough to sort by distance, and a shared link does not pinpoint a home.
export const roundCoordinate = (value: number) => Math.round(value * 10_000) / 10_000;
