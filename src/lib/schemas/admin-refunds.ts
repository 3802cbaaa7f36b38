import { z } from 'zod';
import { adminOrderSearchMax, refundReasonMax } from '@/lib/form-limits';
import { plnField } from './admin-catalogue';
import { idSchema, isoDateTimeSchema } from './common-responses';
import { requiredText, trimmed } from './fields';
import { orderKinds, orderStatuses } from './orders';
import { pageQueryFields } from './pagination';

// Issue 27 point 5: an admin refunds a paid order, whole or part. Amounts are entered and answered in
// PLN like the rest of the API; the domain works in grosze.

/** POST /api/admin/order/:id/refund: how much (PLN, at most what is left to refund) and why. */
export const refundBodySchema = z.object({
  amount: plnField.refine((grosze) => grosze > 0, 'validation.refund_amount'),
  reason: requiredText(refundReasonMax),
});
export type RefundInput = z.output<typeof refundBodySchema>;

/** GET /api/admin/orders: by the buyer's e-mail or the order's id (its number or external id). */
export const adminOrdersQuerySchema = z.object({
  q: z.preprocess((v) => (v === '' ? undefined : v), trimmed(adminOrderSearchMax).optional()),
  page: pageQueryFields.page,
});

export const refundStatuses = ['pending', 'done', 'failed'] as const;

/** One refund of an order, with what it took back and its correcting invoice once done. */
export const refundResourceSchema = z.object({
  id: idSchema,
  order_id: idSchema,
  amount: z.number(),
  reason: z.string(),
  status: z.enum(refundStatuses),
  created_at: isoDateTimeSchema,
  completed_at: isoDateTimeSchema.nullable(),
  admin: z.object({ id: idSchema, email: z.string() }).nullable(),
  /** Days of the plan, promotion or ad and event creations taken back (null until done). */
  withdrawn: z
    .object({
      plan_days: z.number(),
      events: z.int(),
      promotion_days: z.number(),
      home_ad_days: z.number(),
    })
    .nullable(),
  correction: z.object({ id: idSchema, number: z.string(), pdf_url: z.string() }).nullable(),
});
export type RefundResource = z.infer<typeof refundResourceSchema>;

/** An order as the admin's refunds page lists it. */
export const adminOrderSchema = z.object({
  id: idSchema,
  ext_order_id: z.string(),
  kind: z.enum(orderKinds),
  status: z.enum(orderStatuses),
  provider: z.string(),
  amount: z.number(),
  refunded_amount: z.number(),
  /** What may still be refunded: paid, less refunds done or under way. */
  refundable: z.number(),
  currency: z.string(),
  created_at: isoDateTimeSchema,
  paid_at: isoDateTimeSchema.nullable(),
  buyer: z.object({ id: idSchema, email: z.string(), name: z.string() }),
  items: z.array(z.string()),
  refunds: z.array(refundResourceSchema),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
