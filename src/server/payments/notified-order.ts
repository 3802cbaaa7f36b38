import 'server-only';
import { eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { type Order, orders, users } from '@/db/schema';
import { isLocale, type Locale } from '@/lib/locale';
import { AppError, notFound } from '@/server/errors';

// What the payment and the refund notifications both read of the order they are about.

/**
 * The order a provider's notification names, locked until the transaction ends: not found unless it is
 * this provider's, refused when the provider's own id for it is another.
 */
export async function lockNotifiedOrder(
  tx: Tx,
  notified: { extOrderId: string; orderId: string },
  providerName: Order['provider'],
): Promise<Order> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.extOrderId, notified.extOrderId))
    .for('update');
  if (!order || order.provider !== providerName) throw notFound();
  if (order.providerOrderId && order.providerOrderId !== notified.orderId) {
    throw new AppError('bad_request', 'payments.wrong_order');
  }
  return order;
}

/** Whom a mail about the order goes to, how it names them, and in the order's language; null if they are gone. */
export async function orderBuyer(
  tx: Tx,
  order: Order,
): Promise<{ email: string; name: string | null; locale: Locale } | null> {
  const [buyer] = await tx
    .select({ email: users.email, firstName: users.firstName, companyName: users.companyName })
    .from(users)
    .where(eq(users.id, order.userId));
  if (!buyer) return null;
  return {
    email: buyer.email,
    name: buyer.companyName ?? buyer.firstName,
    locale: isLocale(order.locale) ? order.locale : 'pl',
  };
}
