import { z } from 'zod';

// Spec §3 Filters and §7 search filters; every value is checked, a bad one is a 422, never ignored.
const optionalQueryNumber = (schema: z.ZodNumber) =>
  z.preprocess((v) => (v === '' || v === undefined ? undefined : Number(v)), schema.optional());

const queryDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'validation.date',
  );

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
    search: z.string().trim().max(200).optional(),
    localization: z.string().trim().max(100).optional(),
    category_id: optionalQueryNumber(z.number().int().positive()),
    date_from: queryDate.optional(),
    date_end: queryDate.optional(),
    price_min: optionalQueryNumber(z.number().min(0).max(99999)),
    price_max: optionalQueryNumber(z.number().min(0).max(99999)),
    max_distance: optionalQueryNumber(z.number().min(0).max(1000)),
    lat: optionalQueryNumber(z.number().min(-90).max(90)),
    lng: optionalQueryNumber(z.number().min(-180).max(180)),
    order_by: z.enum(eventOrders).optional(),
    only_promoted: z
      .enum(['0', '1', 'true', 'false'])
      .optional()
      .transform((v) => v === '1' || v === 'true'),
    other: optionalQueryNumber(z.number().int().positive()),
    limit: optionalQueryNumber(z.number().int().min(1).max(100)),
    page: optionalQueryNumber(z.number().int().min(1).max(10_000)),
    per_page: optionalQueryNumber(z.number().int().min(1).max(100)),
    place_id: optionalQueryNumber(z.number().int().positive()),
  })
  .superRefine((q, ctx) => {
    if (q.date_from && q.date_end && q.date_end < q.date_from) {
      ctx.addIssue({ code: 'custom', path: ['date_end'], message: 'validation.end_after_start' });
    }
    if (q.price_min !== undefined && q.price_max !== undefined && q.price_min > q.price_max) {
      ctx.addIssue({ code: 'custom', path: ['price_max'], message: 'validation.price_order' });
    }
    const hasPoint = q.lat !== undefined && q.lng !== undefined;
    if ((q.lat === undefined) !== (q.lng === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['lat'], message: 'validation.coordinates' });
    }
    if ((q.order_by === 'closest' || (q.max_distance ?? 0) > 0) && !hasPoint) {
      ctx.addIssue({ code: 'custom', path: ['lat'], message: 'validation.location_needed' });
    }
  });

export type EventSearchQuery = z.output<typeof eventSearchQuerySchema>;

export const placeOrders = ['latest', 'name', 'stars', 'popular', 'closest'] as const;

export const placeSearchQuerySchema = z
  .object({
    search: z.string().trim().max(200).optional(),
    localization: z.string().trim().max(100).optional(),
    category_id: optionalQueryNumber(z.number().int().positive()),
    max_distance: optionalQueryNumber(z.number().min(0).max(1000)),
    lat: optionalQueryNumber(z.number().min(-90).max(90)),
    lng: optionalQueryNumber(z.number().min(-180).max(180)),
    order_by: z.enum(placeOrders).optional(),
    other: optionalQueryNumber(z.number().int().positive()),
    limit: optionalQueryNumber(z.number().int().min(1).max(100)),
    page: optionalQueryNumber(z.number().int().min(1).max(10_000)),
    per_page: optionalQueryNumber(z.number().int().min(1).max(100)),
  })
  .superRefine((q, ctx) => {
    if ((q.lat === undefined) !== (q.lng === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['lat'], message: 'validation.coordinates' });
    }
    if (
      (q.order_by === 'closest' || (q.max_distance ?? 0) > 0) &&
      (q.lat === undefined || q.lng === undefined)
    ) {
      ctx.addIssue({ code: 'custom', path: ['lat'], message: 'validation.location_needed' });
    }
  });

export type PlaceSearchQuery = z.output<typeof placeSearchQuerySchema>;
