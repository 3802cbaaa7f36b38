import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt, ownedBy, updatedAt } from './columns';
import { orders } from './commerce';
import { users } from './users';

// Issue 27: what a Polish business books a purchase against. Billing data is kept per account for next
// time and copied onto each order at checkout; an invoice copies it again with the seller's data, so a
// later change of either never alters an invoice already issued. Amounts are grosze.

export const buyerKind = pg.pgEnum('buyer_kind', ['company', 'private']);

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

export const billingDetails = pg.pgTable('billing_details', {
  userId: pg
    .integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: buyerKind('kind').notNull(),
  name: pg.varchar('name', { length: 200 }).notNull(),
  nip: pg.varchar('nip', { length: 10 }),
  street: pg.varchar('street', { length: 200 }).notNull(),
  postcode: pg.varchar('postcode', { length: 10 }).notNull(),
  city: pg.varchar('city', { length: 100 }).notNull(),
  country: pg.varchar('country', { length: 2 }).notNull().default('PL'),
  updatedAt: updatedAt(),
});

export const invoiceKind = pg.pgEnum('invoice_kind', ['invoice', 'correction']);

// Numbers run per series (FV for invoices, FK for corrections) and calendar month in Warsaw, without gaps
// or repeats: the counter's row is taken with an UPDATE … RETURNING in the transaction that issues the
// invoice, so parallel payments queue on it and a rolled-back payment gives its number back.
export const invoiceCounters = pg.pgTable(
  'invoice_counters',
  {
    series: pg.varchar('series', { length: 4 }).notNull(),
    period: pg.varchar('period', { length: 7 }).notNull(),
    last: pg.integer('last').notNull(),
  },
  (t) => [pg.primaryKey({ columns: [t.series, t.period] })],
);

export const invoices = pg.pgTable(
  'invoices',
  {
    id: pg.serial('id').primaryKey(),
    kind: invoiceKind('kind').notNull(),
    series: pg.varchar('series', { length: 4 }).notNull(),
    // Warsaw month of issue, YYYY-MM.
    period: pg.varchar('period', { length: 7 }).notNull(),
    seq: pg.integer('seq').notNull(),
    // FV/2026/11/0001
    number: pg.varchar('number', { length: 40 }).notNull(),
    // Kept when the order or the account goes: an issued invoice is a tax document.
    orderId: pg.integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    userId: pg.integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // A correction names the invoice it corrects and why.
    correctsId: pg.integer('corrects_id').references((): pg.AnyPgColumn => invoices.id),
    reason: pg.text('reason'),
    issuedAt: pg.timestamp('issued_at', { withTimezone: true }).notNull(),
    saleDate: pg.date('sale_date', { mode: 'string' }).notNull(),
    buyer: pg.jsonb('buyer').$type<BuyerSnapshot>().notNull(),
    seller: pg.jsonb('seller').$type<SellerSnapshot>().notNull(),
    currency: pg.varchar('currency', { length: 3 }).notNull().default('PLN'),
    // Totals of the lines; negative on a correction that takes money back.
    net: pg.integer('net').notNull(),
    vat: pg.integer('vat').notNull(),
    gross: pg.integer('gross').notNull(),
    // How it was paid ("PayU", "test") and whether it is settled.
    paymentMethod: pg.varchar('payment_method', { length: 40 }).notNull(),
    paidAt: pg.timestamp('paid_at', { withTimezone: true }),
    locale: pg.varchar('locale', { length: 2 }).notNull().default('pl'),
    // Where a future KSeF submission records its reference number (docs/decisions.md).
    ksefReference: pg.varchar('ksef_reference', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    pg.uniqueIndex('invoices_number_uq').on(t.number),
    pg.uniqueIndex('invoices_series_period_seq_uq').on(t.series, t.period, t.seq),
    pg.index('invoices_order_idx').on(t.orderId),
    pg.index('invoices_user_idx').on(t.userId, t.issuedAt),
    pg.index('invoices_period_idx').on(t.period),
    pg.check('invoices_seq_check', sql`${t.seq} > 0`),
  ],
);

export const invoiceLines = pg.pgTable(
  'invoice_lines',
  {
    id: pg.serial('id').primaryKey(),
    invoiceId: ownedBy('invoice_id', () => invoices.id),
    position: pg.integer('position').notNull(),
    name: pg.varchar('name', { length: 255 }).notNull(),
    quantity: pg.integer('quantity').notNull(),
    // Per unit, net, as computed from the gross price.
    unitNet: pg.integer('unit_net').notNull(),
    vatRate: pg.integer('vat_rate').notNull(),
    net: pg.integer('net').notNull(),
    vat: pg.integer('vat').notNull(),
    gross: pg.integer('gross').notNull(),
  },
  (t) => [pg.index('invoice_lines_invoice_idx').on(t.invoiceId, t.position)],
);

export const refundStatus = pg.pgEnum('refund_status', ['pending', 'done', 'failed']);

// An admin's refund of a paid order, whole or part. It is registered with the provider and settled by
// its notification (signed, once, under the order's row lock), which withdraws the grant in proportion
// and issues the correcting invoice.
export const refunds = pg.pgTable(
  'refunds',
  {
    id: pg.serial('id').primaryKey(),
    orderId: ownedBy('order_id', () => orders.id),
    // The id the provider knows the refund by on our side (PayU's extRefundId).
    extRefundId: pg.uuid('ext_refund_id').notNull().defaultRandom(),
    providerRefundId: pg.varchar('provider_refund_id', { length: 100 }),
    amount: pg.integer('amount').notNull(),
    reason: pg.text('reason').notNull(),
    status: refundStatus('status').notNull().default('pending'),
    adminId: pg.integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    // What the refund took back: plan days, event creations, promotion or ad days.
    withdrawn: pg.jsonb('withdrawn').$type<Record<string, number>>(),
    correctionId: pg.integer('correction_id').references(() => invoices.id),
    createdAt: createdAt(),
    completedAt: pg.timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    pg.uniqueIndex('refunds_ext_refund_uq').on(t.extRefundId),
    pg.index('refunds_order_idx').on(t.orderId),
    pg.check('refunds_amount_check', sql`${t.amount} > 0`),
  ],
);

export type Invoice = typeof invoices.$inferSelect;
export type InvoiceLine = typeof invoiceLines.$inferSelect;
export type Refund = typeof refunds.$inferSelect;
export type BillingDetails = typeof billingDetails.$inferSelect;
