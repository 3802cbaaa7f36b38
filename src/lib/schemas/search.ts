import { z } from 'zod';
import { idNumber, queryDecimal, queryWhole, trimmed } from './fields';

// Spec §3 Filters and §7 search filters; every value is checked, a bad one is a 422, never ignored.
// An empty parameter ("date_from=") is a filter left blank, as a form sends it, not a bad value.
const blank = (v: unknown) => (v === '' ? undefined : v);

const isIsoDate = (v: string) => {
  const time = Date.parse(`${v}T00:00:00Z`);
  // Date.parse rolls 2026-02-30 over to March; the round trip catches it.
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(v);
};
const queryDate = z.preprocess(blank, z.string().refine(isIsoDate, 'validation.date').optional());
const queryEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blank, z.enum(values).optional());

/**
 * Spec §5: coordinates are valid only if both are given and greater than 0. A filter that needs a
 * location and has none is a 422 too; bad coordinates are reported once, as bad coordinates.
 */
function checkLocation(
  q: { lat?: number; lng?: number; order_by?: string; max_distance?: number },
  ctx: z.RefinementCtx,
) {
  const given = q.lat !== undefined || q.lng !== undefined;
  if (given && !(q.lat !== undefined && q.lng !== undefined && q.lat > 0 && q.lng > 0)) {
    ctx.addIssue({ code: 'custom', path: ['lat'], message: 'validation.coordinates' });
  } else if (!given && (q.order_by === 'closest' || (q.max_distance ?? 0) > 0)) {
    ctx.addIssue({ code: 'custom', path: ['lat'], message: 'validation.location_needed' });
  }
}

/**
 * Deep pages are refused: an offset walks and throws away every row before the page, so page ×
 * per_page is capped at the window in which totals are exact (DESIGN.md: up to 10,000). Lists never
 * offer a page past it (`lastPage`); narrowing the search reaches the rest.
 */
const maxResultWindow = 10_000;
export const defaultPerPage = 12;

/** The last page a list may link to: the end of the results or of the window, whichever comes first. */
export function lastPage(total: number, perPage: number): number {
  return Math.max(1, Math.min(Math.ceil(total / perPage), Math.floor(maxResultWindow / perPage)));
}

function checkWindow(q: { page?: number; per_page?: number; limit?: number }, ctx: z.RefinementCtx) {
  if (q.limit !== undefined || q.page === undefined) return;
  const maxPage = Math.floor(maxResultWindow / (q.per_page ?? defaultPerPage));
  if (q.page > maxPage) {
    ctx.addIssue({
      code: 'too_big',
      origin: 'number',
      maximum: maxPage,
      inclusive: true,
      input: q.page,
      path: ['page'],
      message: `page × per_page may be at most ${maxResultWindow}`,
    });
  }
}

export const eventOrders = [
  'default',
  'promoted',
  'latest',
  'popular',
  'closest',
  'price_asc',
  'price_desc',
  'stars',
] as const;
export const distanceOptions = [0, 5, 10, 15, 20, 25, 50, 100, 150, 200] as const;

export const eventSearchQuerySchema = z
  .object({
    search: trimmed(200).optional(),
    localization: trimmed(100).optional(),
    category_id: queryWhole(idNumber()),
    date_from: queryDate,
    date_end: queryDate,
    price_min: queryDecimal(z.number().min(0).max(99999)),
    price_max: queryDecimal(z.number().min(0).max(99999)),
    max_distance: queryDecimal(z.number().min(0).max(1000)),
    lat: queryDecimal(z.number().min(-90).max(90)),
    lng: queryDecimal(z.number().min(-180).max(180)),
    order_by: queryEnum(eventOrders),
    only_promoted: queryEnum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true'),
    other: queryWhole(idNumber()),
    limit: queryWhole(z.number().int().min(1).max(100)),
    page: queryWhole(z.number().int().min(1).max(10_000)),
    per_page: queryWhole(z.number().int().min(1).max(100)),
    place_id: queryWhole(idNumber()),
  })
  .superRefine((q, ctx) => {
    if (q.date_from && q.date_end && q.date_end < q.date_from) {
      ctx.addIssue({ code: 'custom', path: ['date_end'], message: 'validation.end_after_start' });
    }
    if (q.price_min !== undefined && q.price_max !== undefined && q.price_min > q.price_max) {
      ctx.addIssue({ code: 'custom', path: ['price_max'], message: 'validation.price_order' });
    }
    checkLocation(q, ctx);
    checkWindow(q, ctx);
  });

export type EventSearchQuery = z.output<typeof eventSearchQuerySchema>;

export const placeOrders = ['latest', 'name', 'stars', 'popular', 'closest'] as const;

export const placeSearchQuerySchema = z
  .object({
    search: trimmed(200).optional(),
    localization: trimmed(100).optional(),
    category_id: queryWhole(idNumber()),
    max_distance: queryDecimal(z.number().min(0).max(1000)),
    lat: queryDecimal(z.number().min(-90).max(90)),
    lng: queryDecimal(z.number().min(-180).max(180)),
    order_by: queryEnum(placeOrders),
    other: queryWhole(idNumber()),
    limit: queryWhole(z.number().int().min(1).max(100)),
    page: queryWhole(z.number().int().min(1).max(10_000)),
    per_page: queryWhole(z.number().int().min(1).max(100)),
  })
  .superRefine((q, ctx) => {
    checkLocation(q, ctx);
    checkWindow(q, ctx);
  });

export type PlaceSearchQuery = z.output<typeof placeSearchQuerySchema>;
