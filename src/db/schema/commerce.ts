import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import type { BuyerSnapshot } from './billing';
import { createdAt, ownedBy, updatedAt } from './columns';
import { events } from './events';
import { places } from './places';
import { paymentSettings, premiumSettings, pricePacks } from './plans';
import { users } from './users';

export const orderKind = pg.pgEnum('order_kind', ['premium', 'events', 'promotion', 'home_ad']);
export const orderStatus = pg.pgEnum('order_status', ['pending', 'paid', 'cancelled', 'failed']);

// An order is what a company pays for; its effect (plan, quota, promotion, ad) is applied once
// when the payment provider confirms it. What was bought is copied onto the order (months, count,
// days, weeks, amount), so that a later price or pack change never alters an order already placed.
export const orders = pg.pgTable(
  'orders',
  {
    id: pg.serial('id').primaryKey(),
    // The id the payment provider knows the order by (PayU's extOrderId); random, so it can also
    // stand in the return address without letting anyone guess someone else's order.
    extOrderId: pg.uuid('ext_order_id').notNull().defaultRandom(),
    userId: ownedBy('user_id', () => users.id),
    kind: orderKind('kind').notNull(),
    status: orderStatus('status').notNull().default('pending'),
    amount: pg.integer('amount').notNull(),
    currency: pg.varchar('currency', { length: 3 }).notNull().default('PLN'),
    premiumSettingId: pg.integer('premium_setting_id').references(() => premiumSettings.id),
    months: pg.integer('months'),
    paymentSettingId: pg.integer('payment_setting_id').references(() => paymentSettings.id),
    pricePackId: pg.integer('price_pack_id').references(() => pricePacks.id),
    eventId: pg.integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    placeId: pg.integer('place_id').references(() => places.id, { onDelete: 'set null' }),
    adName: pg.varchar('ad_name', { length: 200 }),
    weeks: pg.integer('weeks'),
    eventsCount: pg.integer('events_count'),
    days: pg.integer('days'),
    provider: pg.varchar('provider', { length: 20 }).notNull(),
    providerOrderId: pg.varchar('provider_order_id', { length: 100 }),
    redirectUri: pg.text('redirect_uri'),
    customerIp: pg.varchar('customer_ip', { length: 45 }),
    locale: pg.varchar('locale', { length: 2 }).notNull().default('pl'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: pg.timestamp('paid_at', { withTimezone: true }),
    // What the payment granted, written with the grant: the period (plan, promotion, ad) and the
    // event creations added (plan, pack).
    grantedFrom: pg.timestamp('granted_from', { withTimezone: true }),
    grantedUntil: pg.timestamp('granted_until', { withTimezone: true }),
    eventsAdded: pg.integer('events_added'),
    // Issue 27: the buyer's billing data as chosen at checkout (copied onto the invoice at payment).
    billing: pg.jsonb('billing').$type<BuyerSnapshot>(),
    // Months of this plan order billed at the promotional price (at most promo_months per company).
    promoMonths: pg.integer('promo_months').notNull().default(0),
    // Days of the plan that was running, credited to this one at its price (pro rata, issue 27).
    creditedDays: pg.integer('credited_days').notNull().default(0),
    // Grosze refunded so far (refunds that are done).
    refundedAmount: pg.integer('refunded_amount').notNull().default(0),
  },
  (t) => [
    pg.index('orders_user_idx').on(t.userId, t.createdAt),
    pg.uniqueIndex('orders_ext_order_uq').on(t.extOrderId),
    pg.uniqueIndex('orders_provider_order_uq').on(t.provider, t.providerOrderId),
    pg.check('orders_amount_check', sql`${t.amount} > 0`),
  ],
);

// The lines of an order as the payment provider is told them (PayU's products), in the buyer's language.
export const orderItems = pg.pgTable(
  'order_items',
  {
    id: pg.serial('id').primaryKey(),
    orderId: ownedBy('order_id', () => orders.id),
    name: pg.varchar('name', { length: 255 }).notNull(),
    unitPrice: pg.integer('unit_price').notNull(),
    quantity: pg.integer('quantity').notNull(),
  },
  (t) => [
    pg.index('order_items_order_idx').on(t.orderId),
    pg.check('order_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

export const eventPromotions = pg.pgTable(
  'event_promotions',
  {
    id: pg.serial('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    orderId: pg.integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    startsAt: pg.timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: pg.timestamp('ends_at', { withTimezone: true }).notNull(),
    // Issue 28: when the report of what it delivered was mailed to the buyer (once, after it ended).
    reportMailedAt: pg.timestamp('report_mailed_at', { withTimezone: true }),
  },
  (t) => [
    pg.index('event_promotions_active_idx').on(t.endsAt, t.startsAt),
    pg.index('event_promotions_event_idx').on(t.eventId),
  ],
);

export const homeAds = pg.pgTable(
  'home_ads',
  {
    id: pg.serial('id').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    placeId: pg.integer('place_id').references(() => places.id, { onDelete: 'cascade' }),
    orderId: pg.integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    name: pg.varchar('name', { length: 200 }).notNull(),
    startsAt: pg.timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: pg.timestamp('ends_at', { withTimezone: true }).notNull(),
    // Issue 28: when the report of what it delivered was mailed to the buyer (once, after it ended).
    reportMailedAt: pg.timestamp('report_mailed_at', { withTimezone: true }),
  },
  (t) => [pg.index('home_ads_active_idx').on(t.endsAt, t.startsAt)],
);

export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
