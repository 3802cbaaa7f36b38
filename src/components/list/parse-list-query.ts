import { PER_PAGE } from '@/lib/schemas/pagination';
import {
  type EventSearchQuery,
  eventSearchQuerySchema,
  type PlaceSearchQuery,
  placeSearchQuerySchema,
} from '@/lib/schemas/search';
import { filterKeys, type ListFilters, listQueryKeys, type SortOrder, sortOrders } from './list-url';
import { priceCeiling, priceFloor } from './price-scale';

type RawParams = Record<string, string | string[] | undefined>;

/** A filter the page dropped, named by its URL parameter; `location` when a filter needs one. */
export type DroppedFilter = keyof ListFilters | 'page' | 'place_page' | 'location';

// The filters and the events' page; the places' page is parsed on its own.
const keys = [...filterKeys, 'page'] as const;

/**
 * The /list URL to the two searches. The API answers a bad value with 422; a shared or hand-edited
 * link should still show results, so each value the schemas reject is dropped and reported instead.
 */
export function parseListQuery(raw: RawParams) {
  const input: Record<string, string> = {};
  // The page cache keeps /list by exactly these (src/web/page-cache.ts): read nothing else here.
  for (const key of listQueryKeys) {
    // Issue 30: a form without JavaScript sends each ticked attribute as its own `attributes`.
    const value = (
      key === 'attributes' ? [raw[key]].flat().filter(Boolean).join(',') : [raw[key]].flat()[0]
    )?.trim();
    if (value) input[key] = value;
  }
  const dropped = new Set<DroppedFilter>();
  const drop = (key: DroppedFilter) => {
    if (key !== 'location') delete input[key];
    dropped.add(key);
  };
  if (input.order_by && !(sortOrders as readonly string[]).includes(input.order_by)) drop('order_by');

  // The schemas check cross-field rules only once every field is valid, so drop and parse again.
  let events: EventSearchQuery | undefined;
  for (let attempt = 0; attempt < keys.length && !events; attempt++) {
    const { place_page: _, ...candidate } = input;
    const parsed = eventSearchQuerySchema.safeParse(candidate);
    if (parsed.success) {
      events = parsed.data;
      break;
    }
    for (const issue of parsed.error.issues) {
      if (issue.message === 'validation.location_needed') {
        drop('location');
        delete input.max_distance;
        if (input.order_by === 'closest') delete input.order_by;
      } else if (issue.message === 'validation.coordinates') {
        delete input.lat;
        delete input.lng;
        drop('location');
      } else {
        drop(String(issue.path[0]) as DroppedFilter);
      }
    }
  }
  events ??= eventSearchQuerySchema.parse({});

  // Spec §7: the slider's ends mean "no limit" and are never sent.
  if (events.price_min !== undefined && events.price_min <= priceFloor) events.price_min = undefined;
  if (events.price_max !== undefined && events.price_max >= priceCeiling) events.price_max = undefined;
  if (!events.max_distance) events.max_distance = undefined;

  // Parsed with the whole schema, so that a page past the result window is dropped too.
  const placePage = placeSearchQuerySchema.safeParse({ page: input.place_page });
  if (!placePage.success) drop('place_page');
  const hasLocation = events.lat !== undefined && events.lng !== undefined;
  // Issue 30: anything but 1 is dropped. "Open now" asks both tabs one question: the places open now, and
  // the events on now, unless the URL chose another time for the events (dates, or "tonight").
  if (input.open_now !== undefined && input.open_now !== '1') drop('open_now');
  const happening = events.happening;
  if (input.open_now === '1' && !events.happening && !events.date_from && !events.date_end)
    events.happening = 'now';
  const places: PlaceSearchQuery = placeSearchQuerySchema.parse({
    open_now: input.open_now,
    search: events.search,
    localization: events.localization,
    category_id: events.category_id,
    attributes: events.attributes?.join(','),
    max_distance: events.max_distance,
    lat: events.lat,
    lng: events.lng,
    // Places have no sort control; with a location the nearest come first.
    order_by: hasLocation ? 'closest' : undefined,
    page: placePage.success ? placePage.data.page : undefined,
  });

  const filters: ListFilters = {
    search: events.search,
    localization: events.localization,
    category_id: events.category_id,
    price_min: events.price_min,
    price_max: events.price_max,
    date_from: events.date_from,
    date_end: events.date_end,
    happening,
    open_now: input.open_now === '1' ? '1' : undefined,
    attributes: events.attributes?.length ? events.attributes.join(',') : undefined,
    max_distance: events.max_distance,
    lat: events.lat,
    lng: events.lng,
    order_by: events.order_by as SortOrder | undefined,
  };
  return {
    events: { ...events, per_page: PER_PAGE },
    places: { ...places, per_page: PER_PAGE },
    filters,
    dropped: [...dropped],
  };
}
