import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { BuyerSnapshot } from './billing';
import { createdAt, ownedBy, updatedAt } from './columns';
import { events } from './events';
import { places } from './places';
import { paymentSettings, premiumSettings, pricePacks } from './plans';
import { users } from './users';

export const orderKind = pgEnum('order_kind', ['premium', 'events', 'promotion', 'home_ad']);
export const orderStatus = pgEnum('order_status', ['pending', 'paid', 'cancelled', 'failed']);

// An order is what a company pays for; its effect (plan, quota, promotion, ad) is applied once
// when the payment provider confirms it. What was bought is copied onto the order (months, count,
// days, weeks, amount), so that a later price or pack change never alters an order already placed.
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    // The id the payment provider knows the order by (PayU's extOrderId); random, so it can also
    // stand in the return address without letting anyone guess someone else's order.
    extOrderId: uuid('ext_order_id').notNull().defaultRandom(),
    userId: ownedBy('user_id', () => users.id),
    kind: orderKind('kind').notNull(),
    status: orderStatus('status').notNull().default('pending'),
    amount: integer('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('PLN'),
    premiumSettingId: integer('premium_setting_id').references(() => premiumSettings.id),
    months: integer('months'),
    paymentSettingId: integer('payment_setting_id').references(() => paymentSettings.id),
    pricePackId: integer('price_pack_id').references(() => pricePacks.id),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    placeId: integer('place_id').references(() => places.id, { onDelete: 'set null' }),
    adName: varchar('ad_name', { length: 200 }),
    weeks: integer('weeks'),
    eventsCount: integer('events_count'),
    days: integer('days'),
    provider: varchar('provider', { length: 20 }).notNull(),
    providerOrderId: varchar('provider_order_id', { length: 100 }),
    redirectUri: text('redirect_uri'),
    customerIp: varchar('customer_ip', { length: 45 }),
    locale: varchar('locale', { length: 2 }).notNull().default('pl'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    // What the payment granted, written with the grant: the period (plan, promotion, ad) and the
    // event creations added (plan, pack).
    grantedFrom: timestamp('granted_from', { withTimezone: true }),
    grantedUntil: timestamp('granted_until', { withTimezone: true }),
    eventsAdded: integer('events_added'),
    // Issue 27: the buyer's billing data as chosen at checkout (copied onto the invoice at payment).
    billing: jsonb('billing').$type<BuyerSnapshot>(),
    // Months of this plan order billed at the promotional price (at most promo_months per company).
    promoMonths: integer('promo_months').notNull().default(0),
    // Days of the plan that was running, credited to this one at its price (pro rata, issue 27).
    creditedDays: integer('credited_days').notNull().default(0),
    // Grosze refunded so far (refunds that are done).
    refundedAmount: integer('refunded_amount').notNull().default(0),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('orders_ext_order_uq').on(t.extOrderId),
    uniqueIndex('orders_provider_order_uq').on(t.provider, t.providerOrderId),
    check('orders_amount_check', sql`${t.amount} > 0`),
  ],
);

// The lines of an order as the payment provider is told them (PayU's products), in the buyer's language.
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: ownedBy('order_id', () => orders.id),
    name: varchar('name', { length: 255 }).notNull(),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

export const eventPromotions = pgTable(
  'event_promotions',
  {
    id: serial('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    // Issue 28: when the report of what it delivered was mailed to the buyer (once, after it ended).
    reportMailedAt: timestamp('report_mailed_at', { withTimezone: true }),
  },
  (t) => [
    index('event_promotions_active_idx').on(t.endsAt, t.startsAt),
    index('event_promotions_event_idx').on(t.eventId),
  ],
);

export const homeAds = pgTable(
  'home_ads',
  {
    id: serial('id').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    placeId: integer('place_id').references(() => places.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 200 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    // Issue 28: when the report of what it delivered was mailed to the buyer (once, after it ended).
    reportMailedAt: timestamp('report_mailed_at', { withTimezone: true }),
  },
  (t) => [index('home_ads_active_idx').on(t.endsAt, t.startsAt)],
);

export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
