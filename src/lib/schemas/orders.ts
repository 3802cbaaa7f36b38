import { z } from 'zod';
import { homeAdNameMax } from '@/lib/form-limits';
import { planDurations } from '@/lib/spec-limits';
import { idSchema, isoDateTimeSchema } from './common-responses';

// Orders: what a company buys (spec §2 /premium, §7 /api/payu/*). Amounts in the API are PLN, gross.

export const orderKinds = ['premium', 'events', 'promotion', 'home_ad'] as const;
export type OrderKind = (typeof orderKinds)[number];

/** pending until the payment provider says COMPLETED (paid) or CANCELED (cancelled); failed: never reached it. */
export const orderStatuses = ['pending', 'paid', 'cancelled', 'failed'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export { homeAdNameMax };
/** How many 7-day periods one home-page ad order may buy. */
export const homeAdMaxWeeks = 8;

/** GET /api/payu/buy_premium/{id}/{months}: the months must be one of spec §9's durations. */
export const buyPremiumParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  months: z.coerce
    .number()
    .int()
    .refine((m) => (planDurations as readonly number[]).includes(m), { message: 'validation.plan_duration' }),
});

/** GET /api/payu/buy_promo/{name}: the home-page ad's name; which place and how many weeks are optional. */
export const homeAdNameSchema = z.string().trim().min(1).max(homeAdNameMax);
export const buyHomeAdQuerySchema = z.object({
  place_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  weeks: z.coerce.number().int().min(1).max(homeAdMaxWeeks).default(1),
});

/** Where the browser goes to pay: PayU's page, or the local test payment page without PayU. */
export const paymentStartSchema = z.object({
  url: z.string(),
  /** The same address under the name PayU's own answer gives it, which the spec's client passes on. */
  redirectUri: z.string(),
  order_id: idSchema,
  ext_order_id: z.string(),
});
export type PaymentStart = z.infer<typeof paymentStartSchema>;

/** One line of an order, as sent to the payment provider. */
export const orderItemSchema = z.object({ name: z.string(), unit_price: z.number(), quantity: z.int() });

/** An invoice of an order (issue 27): its number and the address of its PDF (`/api/invoice/{id}.pdf`). */
export const orderInvoiceSchema = z.object({ number: z.string(), pdf_url: z.string() });
export type OrderInvoice = z.infer<typeof orderInvoiceSchema>;

/** An order of the signed-in company, with what its payment granted once paid. */
export const orderResourceSchema = z.object({
  id: idSchema,
  ext_order_id: z.string(),
  kind: z.enum(orderKinds),
  status: z.enum(orderStatuses),
  amount: z.number(),
  currency: z.string(),
  created_at: isoDateTimeSchema,
  paid_at: isoDateTimeSchema.nullable(),
  /** premium: the plan and months bought. */
  plan: z.object({ id: idSchema, name: z.string() }).nullable(),
  months: z.int().nullable(),
  /** events: the creations in the pack. */
  events_count: z.int().nullable(),
  /** promotion: the event and the days bought. */
  event: z.object({ id: idSchema, name: z.string() }).nullable(),
  days: z.int().nullable(),
  /** home_ad: the name shown, the place it leads to and the 7-day periods bought. */
  ad_name: z.string().nullable(),
  place: z.object({ id: idSchema, name: z.string() }).nullable(),
  weeks: z.int().nullable(),
  /** Set when paid: the period granted (plan, promotion, ad) and the creations added (plan, pack). */
  granted_from: isoDateTimeSchema.nullable(),
  granted_until: isoDateTimeSchema.nullable(),
  events_added: z.int().nullable(),
  items: z.array(orderItemSchema),
  /** The VAT invoice, once paid; then the correcting invoices of its refunds, oldest first. */
  invoice: orderInvoiceSchema.nullable(),
  corrections: z.array(orderInvoiceSchema),
});
export type OrderResource = z.infer<typeof orderResourceSchema>;

/** POST /api/payu/test/{ext_order_id}: the payer's choice on the local test payment page. */
export const testPaymentBodySchema = z.object({ outcome: z.enum(['success', 'failure']) });

/** A company's home-page ad as the home page shows it. */
export const homeAdResourceSchema = z.object({
  id: idSchema,
  name: z.string(),
  place: z.object({
    id: idSchema,
    name: z.string(),
    city: z.string(),
    image: z.string().nullable(),
  }),
  ends_at: isoDateTimeSchema,
  /** Who paid for the ad (issue 28, EU DSA art. 26): the buyer's company name, else their name. */
  sponsor: z.string(),
});
export type HomeAdResource = z.infer<typeof homeAdResourceSchema>;
