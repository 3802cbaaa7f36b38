import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common-responses';
import { idNumber, queryWhole } from './fields';

// Issue 28 point 3: what each paid promotion and home-page ad delivered, for its buyer (and an admin).

/** GET /api/user/promotion_reports: an admin names the company; a company may name only itself. */
export const promotionReportsQuerySchema = z.object({
  company_id: queryWhole(idNumber()),
});

export const promotionReportKinds = ['promotion', 'home_ad'] as const;
export type PromotionReportKind = (typeof promotionReportKinds)[number];

export const promotionReportSchema = z.object({
  id: idSchema,
  /** `promotion`: an event promoted in the carousel and lists; `home_ad`: the home-page ad. */
  kind: z.enum(promotionReportKinds),
  /** The promoted event's name, or the ad's own name. */
  name: z.string(),
  /** What the figures are counted for: the event, or the place the ad leads to (null: no place). */
  subject: z.object({ type: z.enum(['event', 'place']), id: idSchema, name: z.string() }).nullable(),
  starts_at: isoDateTimeSchema,
  ends_at: isoDateTimeSchema,
  status: z.enum(['scheduled', 'running', 'ended']),
  /** Warsaw days of the period counted so far (the first and the last day may be partial). */
  days: z.int(),
  /** Carousel and list impressions of the event, or the ad's impressions, over those days. */
  impressions: z.int(),
  clicks: z.int(),
  /** clicks / impressions (0.025 is 2.5 %); null without impressions. */
  ctr: z.number().nullable(),
  /**
   * Average daily page views and visitors during the promotion beside the same number of Warsaw days
   * just before it: days before the event or place existed, or under another promotion of it, are left
   * out, so `days_without` may be fewer (0: nothing to compare with, the averages are null).
   */
  comparison: z.object({
    views_per_day: z.number().nullable(),
    visitors_per_day: z.number().nullable(),
    days_without: z.int(),
    views_per_day_without: z.number().nullable(),
    visitors_per_day_without: z.number().nullable(),
  }),
  /** When the report was mailed to the buyer (after the end), null before. */
  report_mailed_at: isoDateTimeSchema.nullable(),
});

export const promotionReportsResponseSchema = z.object({
  /** The company the reports are of (an admin names it). */
  company: z.object({ id: idSchema, name: z.string() }),
  data: z.array(promotionReportSchema),
});

export type PromotionReport = z.infer<typeof promotionReportSchema>;
