import 'server-only';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { getConfig } from '@/config';
import { getDb, type Tx } from '@/db/client';
import { invoices, type Order, orders } from '@/db/schema';
import { formatPrice } from '@/lib/format';
import type { OrderStatus } from '@/lib/schemas/orders';
import { AppError } from '@/server/errors';
import { logger } from '@/server/log';
import { enqueueMail, kickMailWorker } from '@/server/mail/outbox';
import { grantOrder } from './grant';
import { lockNotifiedOrder, orderBuyer } from './notified-order';
import { paymentProvider } from './providers/provider';
import { handleRefundNotification, isRefundNotification, type RefundOutcome } from './refund-notification';
import { verifySignature } from './signature';

// PayU's status notification (REST API v2.1): only the fields the portal checks are read.
const notificationSchema = z.object({
  order: z.object({
    orderId: z.string().min(1),
    extOrderId: z.string().uuid(),
    totalAmount: z.string().regex(/^\d{1,12}$/),
    currencyCode: z.string().length(3),
    status: z.string(),
  }),
});

/** PayU's order statuses in the portal's terms; anything not final is still pending. */
function statusOf(payuStatus: string): OrderStatus {
  if (payuStatus === 'COMPLETED') return 'paid';
  if (payuStatus === 'CANCELED') return 'cancelled';
  return 'pending';
}

/**
 * Only these move: an order waiting for the provider (or one whose registration seemed to fail, which
 * the provider may still have received) becomes paid or cancelled, once. Paid and cancelled are final,
 * so a late or repeated notification never moves an order backwards or grants twice.
 */
const open: OrderStatus[] = ['pending', 'failed'];

export type NotificationOutcome = 'granted' | 'cancelled' | 'unchanged' | RefundOutcome;

async function mailReceipt(tx: Tx, order: Order) {
  const buyer = await orderBuyer(tx, order);
  // The invoice grantOrder has just issued in this transaction goes with the receipt as a PDF.
  const [invoice] = await tx
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice')));
  if (!buyer || !invoice) return;
  await enqueueMail(tx, {
    to: buyer.email,
    locale: buyer.locale,
    template: 'payment_received',
    params: {
      link: `${getConfig().publicUrl}/cart/finish?order=${order.extOrderId}`,
      name: buyer.name,
      values: { amount: formatPrice(order.amount), invoice: invoice.number },
    },
    attachments: [{ invoiceId: invoice.id }],
  });
}

/**
 * Handles one payment notification (POST /api/payu/notify, or the test provider's own): the signature
 * over the raw body first, then the order, its amount and currency; the status change and what the
 * payment grants are one transaction, and the caller answers 200 only after it committed.
 */
export async function handlePaymentNotification({
  rawBody,
  signature,
  now = new Date(),
}: {
  rawBody: Buffer;
  signature: string | undefined;
  now?: Date;
}): Promise<NotificationOutcome> {
  const provider = paymentProvider();
  if (!verifySignature(rawBody, signature, provider.secondKey)) {
    throw new AppError('forbidden', 'payments.bad_signature');
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new AppError('bad_request', 'api.bad_request');
  }
  // A refund's notification comes to the same address, signed the same way, with `refund` for `order`.
  if (isRefundNotification(json)) return handleRefundNotification({ json, providerName: provider.name, now });
  let parsed: z.infer<typeof notificationSchema>;
  try {
    parsed = notificationSchema.parse(json);
  } catch {
    throw new AppError('bad_request', 'api.bad_request');
  }
  const notified = parsed.order;
  const next = statusOf(notified.status);
  const db = await getDb();
  const outcome = await db.transaction(async (tx): Promise<NotificationOutcome> => {
    const order = await lockNotifiedOrder(tx, notified, provider.name);
    // The amount and currency are the order's own, whatever the notification says otherwise.
    if (Number(notified.totalAmount) !== order.amount || notified.currencyCode !== order.currency) {
      logger.warn(
        { orderId: order.id, amount: notified.totalAmount, currency: notified.currencyCode },
        'payments: a notification for another amount refused',
      );
      throw new AppError('bad_request', 'payments.wrong_amount');
    }
    if (!open.includes(order.status) || next === 'pending') return 'unchanged';
    const [moved] = await tx
      .update(orders)
      .set({
        status: next,
        providerOrderId: order.providerOrderId ?? notified.orderId,
        updatedAt: now,
        ...(next === 'paid' ? { paidAt: now } : {}),
      })
      .where(eq(orders.id, order.id))
      .returning();
    if (!moved || next !== 'paid') return 'cancelled';
    await grantOrder(tx, moved, now);
    await mailReceipt(tx, moved);
    return 'granted';
  });
  // The cached searches and pages follow by themselves: the writes to users, event_promotions and
  // home_ads empty them (search-cache.ts).
  if (outcome === 'granted') kickMailWorker();
  return outcome;
}
