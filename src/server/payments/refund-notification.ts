import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getConfig } from '@/config';
import { getDb, type Tx } from '@/db/client';
import { invoices, type Order, orders, type Refund, refunds } from '@/db/schema';
import { translate } from '@/i18n/translate';
import { formatPrice } from '@/lib/format';
import { AppError, notFound } from '@/server/errors';
import { issueCorrection } from '@/server/invoices/issue-invoice';
import { enqueueMail, kickMailWorker } from '@/server/mail/outbox';
import { lockNotifiedOrder, orderBuyer } from './notified-order';
import { type Withdrawn, withdrawGrant } from './refund-withdraw';

// PayU's refund notification (REST API v2.1), sent to the order's notifyUrl like its payment ones and
// signed the same way: `{ orderId, extOrderId, refund: { refundId, extRefundId, amount, currencyCode,
// status, … } }`. Only the fields the portal checks are read.
const refundNotificationSchema = z.object({
  orderId: z.string().min(1),
  extOrderId: z.uuid(),
  refund: z.object({
    refundId: z.string().min(1).max(100),
    extRefundId: z.uuid().optional(),
    amount: z.string().regex(/^\d{1,12}$/),
    currencyCode: z.string().length(3),
    status: z.string(),
  }),
});

/** Whether a notification's body is about a refund (PayU sends `refund` where a payment has `order`). */
export const isRefundNotification = (json: unknown): boolean =>
  typeof json === 'object' && json !== null && 'refund' in json && !('order' in json);

export type RefundOutcome = 'refunded' | 'refund_failed' | 'unchanged';

/** The refund's correcting invoice (faktura korygująca), when the order has an invoice to correct. */
async function correctInvoice(tx: Tx, { order, refund, now }: { order: Order; refund: Refund; now: Date }) {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice')))
    .limit(1);
  if (!invoice) return null;
  return issueCorrection(tx, {
    invoice,
    order,
    amount: refund.amount,
    lineName: translate(invoice.locale === 'en' ? 'en' : 'pl', 'payments.refund.line', {
      number: invoice.number,
    }),
    reason: refund.reason,
    now,
  });
}

async function mailRefund(
  tx: Tx,
  {
    order,
    refund,
    correction,
  }: { order: Order; refund: Refund; correction: { id: number; number: string } | null },
) {
  const buyer = await orderBuyer(tx, order);
  if (!buyer) return;
  const { locale } = buyer;
  await enqueueMail(tx, {
    to: buyer.email,
    locale,
    template: 'refund_done',
    params: {
      link: `${getConfig().publicUrl}/profile#orders`,
      name: buyer.name,
      values: {
        amount: formatPrice(refund.amount),
        // Orders paid before invoices existed have none to correct.
        correction: correction
          ? translate(locale, 'payments.refund.mail_correction', { number: correction.number })
          : '',
      },
    },
    attachments: correction ? [{ invoiceId: correction.id }] : undefined,
  });
}

/**
 * A refund is done: the grant is withdrawn in proportion, the order counts the money refunded, the
 * correcting invoice is issued and mailed; all in the notification's transaction, under the order's lock.
 */
async function settleRefund(tx: Tx, { order, refund, now }: { order: Order; refund: Refund; now: Date }) {
  const earlier = await tx
    .select({ withdrawn: refunds.withdrawn })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'done')));
  const stillPaid = order.amount - order.refundedAmount;
  const withdrawn = await withdrawGrant(tx, {
    order,
    share: stillPaid > 0 ? refund.amount / stillPaid : 0,
    before: earlier.map((r) => (r.withdrawn ?? {}) as Withdrawn),
    now,
  });
  await tx
    .update(orders)
    .set({ refundedAmount: sql`${orders.refundedAmount} + ${refund.amount}`, updatedAt: now })
    .where(eq(orders.id, order.id));
  const correction = await correctInvoice(tx, { order, refund, now });
  await tx
    .update(refunds)
    .set({
      status: 'done',
      withdrawn: { ...withdrawn },
      correctionId: correction?.id ?? null,
      completedAt: now,
    })
    .where(eq(refunds.id, refund.id));
  await mailRefund(tx, { order, refund, correction });
}

/**
 * Handles one refund notification whose signature the caller has checked: the order (locked) and the
 * refund must be ours and agree in amount and currency; only a pending refund moves, once, so a repeated
 * or late notification (FINALIZED twice, CANCELED after FINALIZED) changes nothing. The caller answers
 * 200 only after this returns, that is after the commit.
 */
export async function handleRefundNotification({
  json,
  providerName,
  now,
}: {
  json: unknown;
  providerName: Order['provider'];
  now: Date;
}): Promise<RefundOutcome> {
  const parsed = refundNotificationSchema.safeParse(json);
  if (!parsed.success) throw new AppError('bad_request', 'api.bad_request');
  const notified = parsed.data;
  const db = await getDb();
  const outcome = await db.transaction(async (tx): Promise<RefundOutcome> => {
    const order = await lockNotifiedOrder(tx, notified, providerName);
    const { extRefundId, refundId } = notified.refund;
    const [refund] = await tx
      .select()
      .from(refunds)
      .where(
        and(
          eq(refunds.orderId, order.id),
          extRefundId ? eq(refunds.extRefundId, extRefundId) : eq(refunds.providerRefundId, refundId),
        ),
      );
    if (!refund) throw notFound();
    if (refund.providerRefundId && refund.providerRefundId !== refundId) {
      throw new AppError('bad_request', 'payments.wrong_order');
    }
    if (Number(notified.refund.amount) !== refund.amount || notified.refund.currencyCode !== order.currency) {
      throw new AppError('bad_request', 'payments.wrong_amount');
    }
    if (refund.status !== 'pending') return 'unchanged';
    const status = notified.refund.status;
    if (status !== 'FINALIZED' && status !== 'CANCELED') {
      if (!refund.providerRefundId)
        await tx.update(refunds).set({ providerRefundId: refundId }).where(eq(refunds.id, refund.id));
      return 'unchanged';
    }
    const known = { ...refund, providerRefundId: refundId };
    if (status === 'CANCELED') {
      await tx
        .update(refunds)
        .set({ status: 'failed', providerRefundId: refundId, completedAt: now })
        .where(eq(refunds.id, refund.id));
      return 'refund_failed';
    }
    await tx.update(refunds).set({ providerRefundId: refundId }).where(eq(refunds.id, refund.id));
    await settleRefund(tx, { order, refund: known, now });
    return 'refunded';
  });
  if (outcome === 'refunded') kickMailWorker();
  return outcome;
}
