import { z } from 'zod';
import { maxPrice } from '@/lib/spec-limits';
import { idNumber, queryDecimal, queryWhole, trimmed } from './fields';
import { checkResultWindow, pageQueryFields } from './pagination';

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

export const eventSearchQuerySchema = z
  .object({
    search: trimmed(200).optional(),
    localization: trimmed(100).optional(),
    category_id: queryWhole(idNumber()),
    date_from: queryDate,
    date_end: queryDate,
    price_min: queryDecimal(z.number().min(0).max(maxPrice)),
    price_max: queryDecimal(z.number().min(0).max(maxPrice)),
    max_distance: queryDecimal(z.number().min(0).max(1000)),
    lat: queryDecimal(z.number().min(-90).max(90)),
    lng: queryDecimal(z.number().min(-180).max(180)),
    order_by: queryEnum(eventOrders),
    only_promoted: queryEnum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true'),
    other: queryWhole(idNumber()),
    ...pageQueryFields,
    place_id: queryWhole(idNumber()),
    // Issue 17: one company's events (the owner's user id), for its feed.
    company_id: queryWhole(idNumber()),
  })
  .superRefine(checkEventSearch);

/** The cross-field rules of an event search, shared with the feeds (server/feeds/feed-query.ts). */
export function checkEventSearch(
  q: {
    date_from?: string;
    date_end?: string;
    price_min?: number;
    price_max?: number;
    lat?: number;
    lng?: number;
    order_by?: string;
    max_distance?: number;
  } & Parameters<typeof checkResultWindow>[0],
  ctx: z.RefinementCtx,
) {
  if (q.date_from && q.date_end && q.date_end < q.date_from) {
    ctx.addIssue({ code: 'custom', path: ['date_end'], message: 'validation.end_after_start' });
  }
  if (q.price_min !== undefined && q.price_max !== undefined && q.price_min > q.price_max) {
    ctx.addIssue({ code: 'custom', path: ['price_max'], message: 'validation.price_order' });
  }
  checkLocation(q, ctx);
  checkResultWindow(q, ctx);
}

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
    ...pageQueryFields,
  })
  .superRefine((q, ctx) => {
    checkLocation(q, ctx);
    checkResultWindow(q, ctx);
  });

export type PlaceSearchQuery = z.output<typeof placeSearchQuerySchema>;
