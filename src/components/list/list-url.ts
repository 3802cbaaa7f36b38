// The /list URL, shared by the page (links that work without JavaScript) and the filter controls.
// Filters are the API's own parameter names (spec §7); the two lists page separately:
// `page` for events and `place_page` for places. The hash picks the tab (spec §2).

export const sortOrders = ['default', 'price_asc', 'price_desc', 'popular', 'stars', 'closest'] as const;
export type SortOrder = (typeof sortOrders)[number];

export const eventsHash = '#event_type';
export const placesHash = '#place_type';
export type ListTab = 'events' | 'places';

export const tabFromHash = (hash: string): ListTab => (hash === eventsHash ? 'events' : 'places');

export interface ListFilters {
  search?: string;
  localization?: string;
  category_id?: number;
  price_min?: number;
  price_max?: number;
  date_from?: string;
  date_end?: string;
  /** Events only (issue 30): on now, or this evening in Warsaw. */
  happening?: 'now' | 'tonight';
  /**
   * Issue 30: places open at the time of the request, by their weekly and special hours; the events tab
   * answers the same question (on now) unless `happening` says otherwise.
   */
  open_now?: '1';
  /** Issue 30: attribute slugs, comma-separated and sorted; results have all of them. */
  attributes?: string;
  max_distance?: number;
  lat?: number;
  lng?: number;
  order_by?: SortOrder;
}

export interface ListPages {
  page?: number;
  place_page?: number;
}

// The order of the parameters in a shared link.
export const filterKeys = [
  'search',
  'localization',
  'category_id',
  'price_min',
  'price_max',
  'date_from',
  'date_end',
  'happening',
  'open_now',
  'attributes',
  'max_distance',
  'lat',
  'lng',
  'order_by',
] as const satisfies readonly (keyof ListFilters)[];

/** The filters the search bar at the top of every page shows, filled from the page's address. */
export const searchBarKeys = [
  'search',
  'localization',
  'category_id',
  'date_from',
  'date_end',
  'open_now',
] as const satisfies readonly (typeof filterKeys)[number][];
export type SearchBarValues = Record<(typeof searchBarKeys)[number], string>;

/** Everything /list reads of its address: the filters and the two lists' page numbers. */
export const listQueryKeys = [...filterKeys, 'page', 'place_page'] as const;

/** `/list?…#hash` with only the values that narrow the search; page 1 is never written. */
export function listHref(filters: ListFilters, pages: ListPages = {}, hash = ''): string {
  const query = new URLSearchParams();
  for (const key of filterKeys) {
    const value = filters[key];
    if (value === undefined || value === '' || (key === 'order_by' && value === 'default')) continue;
    if (key === 'max_distance' && value === 0) continue;
    query.set(key, String(value));
  }
  if (pages.page && pages.page > 1) query.set('page', String(pages.page));
  if (pages.place_page && pages.place_page > 1) query.set('place_page', String(pages.place_page));
  return `/list${query.size ? `?${query}` : ''}${hash}`;
}
