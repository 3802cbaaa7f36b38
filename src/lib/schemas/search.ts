import { z } from 'zod';
import { textMax } from '@/lib/form-limits';
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
// An instant: a date, a time and an offset (Z or ±HH:MM), as the API's other times are written.
const isIsoInstant = (v: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) &&
  isIsoDate(v.slice(0, 10)) &&
  !Number.isNaN(Date.parse(v));
// An unencoded "+01:00" in a query string arrives as " 01:00"; the offset is read back.
const plusFromQuery = (v: unknown) =>
  typeof v === 'string' ? (blank(v) === undefined ? undefined : v.replace(/ (\d{2}:\d{2})$/, '+$1')) : v;
const queryDate = z.preprocess(blank, z.string().refine(isIsoDate, 'validation.date').optional());
const queryEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blank, z.enum(values).optional());

/**
 * Issue 30: `attributes=slug1,slug2`, each of which the result must have (the server answers 422 for a
 * slug not in the catalogue); the slugs come sorted and without repeats, so equal searches are equal.
 */
const attributesQuery = z
  .preprocess(
    (v) =>
      blank(v) === undefined
        ? undefined
        : typeof v === 'string'
          ? [
              ...new Set(
                v
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean),
              ),
            ].sort()
          : v,
    z
      .array(
        z
          .string()
          .regex(/^[a-z0-9]+([_-][a-z0-9]+)*$/, 'validation.invalid')
          .max(60),
      )
      .max(30, 'validation.max_items')
      .optional(),
  )
  .describe(
    'Comma-separated attribute slugs (GET /api/attribute), e.g. step_free_entrance,changing_table: only ' +
      'results having all of them. An unknown slug is a 422. Combines with the other filters.',
  );

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

/** Issue 30: events going on at the request's time, or this evening in Warsaw. */
export const happeningValues = ['now', 'tonight'] as const;
export type Happening = (typeof happeningValues)[number];

export const eventSearchQuerySchema = z
  .object({
    search: trimmed(textMax.search).optional(),
    localization: trimmed(textMax.city).optional(),
    category_id: queryWhole(idNumber()),
    attributes: attributesQuery,
    date_from: queryDate,
    date_end: queryDate,
    happening: queryEnum(happeningValues).describe(
      'now: events that have started and not ended at the time of the request; tonight: events overlapping ' +
        'today 18:00-24:00 Europe/Warsaw that have not ended yet. A series matches by any of its dates. ' +
        'Combines with date_from/date_end and the other filters.',
    ),
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
    search: trimmed(textMax.search).optional(),
    localization: trimmed(textMax.city).optional(),
    category_id: queryWhole(idNumber()),
    attributes: attributesQuery,
    max_distance: queryDecimal(z.number().min(0).max(1000)),
    lat: queryDecimal(z.number().min(-90).max(90)),
    lng: queryDecimal(z.number().min(-180).max(180)),
    order_by: queryEnum(placeOrders),
    other: queryWhole(idNumber()),
    // Issue 30: places open now (or at a given instant) by their weekly and special hours, Warsaw time.
    open_now: queryEnum(['0', '1', 'true', 'false'])
      .transform((v) => v === '1' || v === 'true')
      .describe(
        '1: only places open at the time of the request (weekly hours, or the special hours of that Warsaw ' +
          'date; hours past midnight count on the next date). Combines with the other filters.',
      ),
    open_at: z
      .preprocess(plusFromQuery, z.string().max(40).refine(isIsoInstant, 'validation.datetime').optional())
      .describe(
        'ISO 8601 date and time with an offset (2026-12-24T18:00:00+01:00 or ...Z): only places open at ' +
          'that instant. Given together with open_now, open_at wins.',
      ),
    ...pageQueryFields,
  })
  .superRefine((q, ctx) => {
    checkLocation(q, ctx);
    checkResultWindow(q, ctx);
  });

export type PlaceSearchQuery = z.output<typeof placeSearchQuerySchema>;
