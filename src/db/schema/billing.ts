import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, ownedBy, updatedAt } from './columns';
import { orders } from './commerce';
import { users } from './users';

// Issue 27: what a Polish business books a purchase against. Billing data is kept per account for next
// time and copied onto each order at checkout; an invoice copies it again with the seller's data, so a
// later change of either never alters an invoice already issued. Amounts are grosze.

export const buyerKind = pgEnum('buyer_kind', ['company', 'private']);

/** The buyer as an invoice names it: a company with its NIP, or a private person without one. */
export interface BuyerSnapshot {
  kind: 'company' | 'private';
  name: string;
  /** Ten digits, no prefix; null for a private buyer. */
  nip: string | null;
  street: string;
  postcode: string;
  city: string;
  country: string;
}

/** The seller as configured when the invoice was issued (SELLER_* variables). */
export interface SellerSnapshot {
  name: string;
  nip: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  bankAccount: string | null;
}

export const billingDetails = pgTable('billing_details', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: buyerKind('kind').notNull(),
  name: varchar('name', { length: 200 }).notNull(),
  nip: varchar('nip', { length: 10 }),
  street: varchar('street', { length: 200 }).notNull(),
  postcode: varchar('postcode', { length: 10 }).notNull(),
  city: varchar('city', { length: 100 }).notNull(),
  country: varchar('country', { length: 2 }).notNull().default('PL'),
  updatedAt: updatedAt(),
});

export const invoiceKind = pgEnum('invoice_kind', ['invoice', 'correction']);

// Numbers run per series (FV for invoices, FK for corrections) and calendar month in Warsaw, without gaps
// or repeats: the counter's row is taken with an UPDATE … RETURNING in the transaction that issues the
// invoice, so parallel payments queue on it and a rolled-back payment gives its number back.
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: varchar('series', { length: 4 }).notNull(),
    period: varchar('period', { length: 7 }).notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.period] })],
);

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    kind: invoiceKind('kind').notNull(),
    series: varchar('series', { length: 4 }).notNull(),
    // Warsaw month of issue, YYYY-MM.
    period: varchar('period', { length: 7 }).notNull(),
    seq: integer('seq').notNull(),
    // FV/2026/11/0001
    number: varchar('number', { length: 40 }).notNull(),
    // Kept when the order or the account goes: an issued invoice is a tax document.
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // A correction names the invoice it corrects and why.
    correctsId: integer('corrects_id').references((): AnyPgColumn => invoices.id),
    reason: text('reason'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    saleDate: date('sale_date', { mode: 'string' }).notNull(),
    buyer: jsonb('buyer').$type<BuyerSnapshot>().notNull(),
    seller: jsonb('seller').$type<SellerSnapshot>().notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('PLN'),
    // Totals of the lines; negative on a correction that takes money back.
    net: integer('net').notNull(),
    vat: integer('vat').notNull(),
    gross: integer('gross').notNull(),
    // How it was paid ("PayU", "test") and whether it is settled.
    paymentMethod: varchar('payment_method', { length: 40 }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    locale: varchar('locale', { length: 2 }).notNull().default('pl'),
    // Where a future KSeF submission records its reference number (docs/decisions.md).
    ksefReference: varchar('ksef_reference', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.number),
    uniqueIndex('invoices_series_period_seq_uq').on(t.series, t.period, t.seq),
    index('invoices_order_idx').on(t.orderId),
    index('invoices_user_idx').on(t.userId, t.issuedAt),
    index('invoices_period_idx').on(t.period),
    check('invoices_seq_check', sql`${t.seq} > 0`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: ownedBy('invoice_id', () => invoices.id),
    position: integer('position').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    quantity: integer('quantity').notNull(),
    // Per unit, net, as computed from the gross price.
    unitNet: integer('unit_net').notNull(),
    vatRate: integer('vat_rate').notNull(),
    net: integer('net').notNull(),
    vat: integer('vat').notNull(),
    gross: integer('gross').notNull(),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId, t.position)],
);

export const refundStatus = pgEnum('refund_status', ['pending', 'done', 'failed']);

// An admin's refund of a paid order, whole or part. It is registered with the provider and settled by
// its notification (signed, once, under the order's row lock), which withdraws the grant in proportion
// and issues the correcting invoice.
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: ownedBy('order_id', () => orders.id),
    // The id the provider knows the refund by on our side (PayU's extRefundId).
    extRefundId: uuid('ext_refund_id').notNull().defaultRandom(),
    providerRefundId: varchar('provider_refund_id', { length: 100 }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    status: refundStatus('status').notNull().default('pending'),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    // What the refund took back: plan days, event creations, promotion or ad days.
    withdrawn: jsonb('withdrawn').$type<Record<string, number>>(),
    correctionId: integer('correction_id').references(() => invoices.id),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_ext_refund_uq').on(t.extRefundId),
    index('refunds_order_idx').on(t.orderId),
    check('refunds_amount_check', sql`${t.amount} > 0`),
  ],
);

export type Invoice = typeof invoices.$inferSelect;
export type InvoiceLine = typeof invoiceLines.$inferSelect;
export type Refund = typeof refunds.$inferSelect;
export type BillingDetails = typeof billingDetails.$inferSelect;
