import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common-responses';
import { orderItemSchema } from './orders';

/**
 * GET /api/payu/buy_premium/{id}/{months}/preview: what buying the plan would cost the signed-in company
 * and do to its plan if paid now (issue 27); the same rule grants it. Amounts in PLN, gross.
 */
export const planPreviewSchema = z.object({
  plan: z.object({ id: idSchema, name: z.string() }),
  months: z.int(),
  amount: z.number(),
  /** Of the months, those at the promotional price (at most promo_months per company in total). */
  promo_months: z.int(),
  items: z.array(orderItemSchema),
  /** new: no plan runs; extend: the same plan runs on from its end; change: the running plan is replaced. */
  kind: z.enum(['new', 'extend', 'change']),
  from: isoDateTimeSchema,
  until: isoDateTimeSchema,
  /** Extra days for the unused value of the replaced plan. */
  credited_days: z.int(),
  /** The plan that runs now and until when (null: only the free default plan). */
  current: z.object({ id: idSchema, name: z.string(), until: isoDateTimeSchema }).nullable(),
});
export type PlanPreview = z.infer<typeof planPreviewSchema>;
