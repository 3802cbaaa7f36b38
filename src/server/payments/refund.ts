import 'server-only';
import { and, eq, isNull, sum } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { orders, refunds } from '@/db/schema';
import { formatPrice } from '@/lib/format';
import type { RefundInput, RefundResource } from '@/lib/schemas/admin-refunds';
import { recordAudit } from '@/server/admin/audit';
import type { AuthUser } from '@/server/auth/access-tokens';
import { AppError, fieldError, forbidden, notFound } from '@/server/errors';
import { logger } from '@/server/log';
import { getRefund, refundableOf } from './admin-orders';
import { paymentProvider } from './providers/provider';

// Issue 27 point 5: an admin refunds a paid order, whole or part. The refund is written (pending) with
// its audit entry in one transaction under the order's lock, then asked of the provider outside it (no
// lock held over a network call); it is settled only by the provider's signed refund notification
// (refund-notification.ts), which withdraws the grant and issues the correcting invoice.

/** POST /api/admin/order/{id}/refund: refunds `amount` grosze of a paid order for `reason`. */
export async function refundOrder({
  admin,
  orderId,
  input,
}: {
  admin: AuthUser;
  orderId: number;
  input: RefundInput;
}): Promise<RefundResource> {
  if (admin.role !== 'admin') throw forbidden();
  const provider = paymentProvider();
  const db = await getDb();
  const { refund, order } = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound();
    if (order.status !== 'paid') throw fieldError('amount', 'payments.refund.not_paid');
    // An order paid through PayU cannot be refunded by the test provider, nor the other way round.
    if (order.provider !== provider.name || !order.providerOrderId)
      throw fieldError('amount', 'payments.refund.other_provider');
    const [pending] = await tx
      .select({ total: sum(refunds.amount).mapWith(Number) })
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'pending')));
    const refundable = refundableOf(order, pending?.total ?? 0);
    if (input.amount > refundable)
      throw fieldError('amount', 'payments.refund.too_much', { max: formatPrice(refundable) });
    const [refund] = await tx
      .insert(refunds)
      .values({ orderId: order.id, amount: input.amount, reason: input.reason, adminId: admin.id })
      .returning();
    if (!refund) throw new Error('refunds insert returned nothing');
    await recordAudit(tx, {
      adminId: admin.id,
      action: 'order.refund',
      target: 'order',
      targetId: order.id,
      before: { refunded_amount: order.refundedAmount, refundable },
      after: { refund_id: refund.id, amount: refund.amount, reason: refund.reason },
    });
    return { refund, order };
  });
  try {
    const { providerRefundId } = await provider.refund({
      providerOrderId: order.providerOrderId as string,
      extOrderId: order.extOrderId,
      extRefundId: refund.extRefundId,
      amount: refund.amount,
      currency: order.currency,
      description: refund.reason.slice(0, 255),
    });
    // The test provider's notification may have recorded it already.
    if (providerRefundId)
      await db
        .update(refunds)
        .set({ providerRefundId })
        .where(and(eq(refunds.id, refund.id), isNull(refunds.providerRefundId)));
  } catch (error) {
    logger.error(
      { refundId: refund.id, orderId: order.id, reason: (error as Error).message },
      'payments: refund refused',
    );
    // Nothing was refunded: the amount can be refunded again.
    await db
      .update(refunds)
      .set({ status: 'failed', completedAt: new Date() })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
    throw new AppError('unavailable', 'payments.provider_unavailable');
  }
  return getRefund(refund.id);
}
