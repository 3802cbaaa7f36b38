import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getConfig } from '@/config';
import { getDb, type Tx } from '@/db/client';
import { orderItems, orders, users } from '@/db/schema';
import { defaultLocale, isLocale, type Locale } from '@/lib/locale';
import { localeHref } from '@/lib/locale-path';
import type { OrderKind, PaymentStart } from '@/lib/schemas/orders';
import { savedBuyer } from '@/server/billing/get-billing';
import { AppError, fieldError, notFound } from '@/server/errors';
import { logger } from '@/server/log';
import { hit } from '@/server/rate-limit';
import { paymentProvider } from './providers/provider';

/** What is being bought, as the order row keeps it; amounts in grosze, gross. */
export interface OrderDraft {
  kind: OrderKind;
  items: { name: string; unitPrice: number; quantity: number }[];
  premiumSettingId?: number;
  months?: number;
  /** Of `months`, those billed at the plan's promotional price (issue 27: capped per company). */
  promoMonths?: number;
  paymentSettingId?: number;
  eventsCount?: number;
  pricePackId?: number;
  eventId?: number;
  days?: number;
  adName?: string;
  placeId?: number;
  weeks?: number;
}

/** Where PayU sends its notifications and where it sends the payer back (to a page in the order's language). */
export function paymentUrls(extOrderId: string, locale: string = defaultLocale) {
  const { publicUrl } = getConfig();
  const language = isLocale(locale) ? locale : defaultLocale;
  return {
    notifyUrl: `${publicUrl}/api/payu/notify`,
    continueUrl: `${publicUrl}${localeHref(`/cart/finish?order=${extOrderId}`, language)}`,
  };
}

/**
 * Writes the order with its lines in the caller's transaction; it waits to be registered with the provider.
 * The buyer's saved billing data is copied onto it (issue 27), so the invoice names whom the buyer
 * confirmed at checkout even if the data changes before the payment; without any (an API client that
 * never saved some, an order placed at registration) the invoice falls back (buyerOf).
 */
export async function insertOrder(
  tx: Tx,
  {
    buyerId,
    draft,
    customerIp,
    locale,
  }: { buyerId: number; draft: OrderDraft; customerIp: string; locale: Locale },
): Promise<{ id: number; extOrderId: string }> {
  const amount = draft.items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0);
  // A price an admin set to 0 (or a promotion of 100%) sells nothing: there is nothing to pay.
  if (amount <= 0) throw fieldError('id', 'payments.free_item');
  const billing = await savedBuyer(tx, buyerId);
  const [order] = await tx
    .insert(orders)
    .values({
      userId: buyerId,
      kind: draft.kind,
      amount,
      currency: 'PLN',
      premiumSettingId: draft.premiumSettingId,
      months: draft.months,
      promoMonths: draft.promoMonths,
      paymentSettingId: draft.paymentSettingId,
      eventsCount: draft.eventsCount,
      pricePackId: draft.pricePackId,
      eventId: draft.eventId,
      days: draft.days,
      adName: draft.adName,
      placeId: draft.placeId,
      weeks: draft.weeks,
      billing,
      provider: paymentProvider().name,
      customerIp,
      locale,
    })
    .returning({ id: orders.id, extOrderId: orders.extOrderId });
  if (!order) throw new Error('orders insert returned no row');
  await tx.insert(orderItems).values(draft.items.map((item) => ({ orderId: order.id, ...item })));
  return order;
}

/**
 * Registers a written order with the payment provider and answers where the payer goes. A provider
 * that fails leaves the order `failed` and answers 503: nothing was charged, and buying again starts a
 * new order.
 */
export async function startPayment(orderId: number, siteOrigin: string): Promise<PaymentStart> {
  const provider = paymentProvider();
  const db = await getDb();
  const [row] = await db
    .select({ order: orders, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) throw notFound();
  const { order } = row;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.id);
  const start = (url: string): PaymentStart => ({
    url,
    redirectUri: url,
    order_id: order.id,
    ext_order_id: order.extOrderId,
  });
  // A payment already under way continues where it is; a closed order cannot be paid again.
  if (order.status === 'pending' && order.redirectUri) return start(order.redirectUri);
  if (order.status !== 'pending' || order.provider !== provider.name)
    throw fieldError('order', 'payments.order_closed');
  let created: Awaited<ReturnType<typeof provider.createOrder>>;
  try {
    created = await provider.createOrder({
      extOrderId: order.extOrderId,
      description:
        items
          .map((i) => i.name)
          .join(', ')
          .slice(0, 255) || order.kind,
      totalAmount: order.amount,
      currency: order.currency,
      customerIp: order.customerIp ?? '127.0.0.1',
      ...paymentUrls(order.extOrderId, order.locale),
      buyer: {
        email: row.email,
        ...(row.firstName ? { firstName: row.firstName } : {}),
        ...(row.lastName ? { lastName: row.lastName } : {}),
        language: order.locale,
      },
      products: items.map((i) => ({ name: i.name, unitPrice: i.unitPrice, quantity: i.quantity })),
      siteOrigin,
    });
  } catch (error) {
    logger.error(
      { orderId: order.id, reason: (error as Error).message },
      'payments: order could not be registered',
    );
    await db.update(orders).set({ status: 'failed', updatedAt: new Date() }).where(eq(orders.id, order.id));
    throw new AppError('unavailable', 'payments.provider_unavailable');
  }
  await db
    .update(orders)
    .set({
      providerOrderId: created.providerOrderId,
      redirectUri: created.redirectUri,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id));
  return start(created.redirectUri);
}

/** Places an order (one transaction) and starts its payment: what every purchase call does. */
export async function placeOrder({
  draft,
  ...options
}: {
  buyerId: number;
  /** Or made in the order's transaction, when the price depends on the buyer's earlier orders. */
  draft: OrderDraft | ((tx: Tx) => Promise<OrderDraft>);
  customerIp: string;
  locale: Locale;
  siteOrigin: string;
}): Promise<PaymentStart> {
  await hit('ordersByCompany', String(options.buyerId));
  const db = await getDb();
  const order = await db.transaction(async (tx) =>
    insertOrder(tx, { ...options, draft: typeof draft === 'function' ? await draft(tx) : draft }),
  );
  return startPayment(order.id, options.siteOrigin);
}

/** GET /api/payu/pay/{ext_order_id}: pays an order of the company placed earlier (at registration). */
export async function payOrder({
  actorId,
  extOrderId,
  siteOrigin,
}: {
  actorId: number;
  extOrderId: string;
  siteOrigin: string;
}) {
  if (!/^[0-9a-f-]{36}$/i.test(extOrderId)) throw notFound();
  const db = await getDb();
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.extOrderId, extOrderId), eq(orders.userId, actorId)));
  if (!order) throw notFound();
  await hit('ordersByCompany', String(actorId));
  // The checkout had the buyer confirm the billing data just before: an order not yet paid takes it
  // (its invoice is issued only at payment, under the order's row lock, so a paid one is left alone).
  const billing = await savedBuyer(db, actorId);
  if (billing)
    await db
      .update(orders)
      .set({ billing, updatedAt: new Date() })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')));
  return startPayment(order.id, siteOrigin);
}
