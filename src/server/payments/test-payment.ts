import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { orders } from '@/db/schema';
import { defaultLocale, isLocale } from '@/lib/locale';
import { localeHref } from '@/lib/locale-path';
import { notFound } from '@/server/errors';
import { handlePaymentNotification } from './notification';
import { paymentUrls } from './place-order';
import { type ProviderRefundRequest, paymentProvider } from './providers/provider';
import { signatureHeader } from './signature';

/** Whether payments go through the local test provider (no PayU configured). */
export function testPaymentsOn(): boolean {
  return paymentProvider().name === 'test';
}

/** What the test payment page shows of an order; null when there is none or PayU is configured. */
export async function getTestPayment(extOrderId: string) {
  if (!testPaymentsOn() || !/^[0-9a-f-]{36}$/i.test(extOrderId)) return null;
  const db = await getDb();
  const [order] = await db
    .select({ status: orders.status, amount: orders.amount, kind: orders.kind, provider: orders.provider })
    .from(orders)
    .where(eq(orders.extOrderId, extOrderId));
  if (order?.provider !== 'test') return null;
  return { status: order.status, amount: order.amount, kind: order.kind };
}

/**
 * The test provider's payer chose an outcome: it notifies the portal exactly as PayU would (a PayU-shaped
 * body, signed with the test key) through the same handler as POST /api/payu/notify, and answers where
 * the payer goes next. Only without PayU configured.
 */
export async function completeTestPayment({
  extOrderId,
  outcome,
  siteOrigin,
}: {
  extOrderId: string;
  outcome: 'success' | 'failure';
  /** The address the payer is using: they come back to /cart/finish there. */
  siteOrigin: string;
}): Promise<{ url: string }> {
  const provider = paymentProvider();
  if (provider.name !== 'test' || !/^[0-9a-f-]{36}$/i.test(extOrderId)) throw notFound();
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.extOrderId, extOrderId));
  if (order?.provider !== 'test') throw notFound();
  const body = JSON.stringify({
    order: {
      orderId: order.providerOrderId ?? `TEST-${order.extOrderId}`,
      extOrderId: order.extOrderId,
      orderCreateDate: order.createdAt.toISOString(),
      notifyUrl: paymentUrls(order.extOrderId).notifyUrl,
      customerIp: order.customerIp ?? '127.0.0.1',
      merchantPosId: 'test',
      description: 'test payment',
      currencyCode: order.currency,
      totalAmount: String(order.amount),
      status: outcome === 'success' ? 'COMPLETED' : 'CANCELED',
    },
    localReceiptDateTime: new Date().toISOString(),
  });
  await handlePaymentNotification({
    rawBody: Buffer.from(body),
    signature: signatureHeader(body, provider.secondKey),
  });
  // Back to the order's page in the language it was placed in (issue 31).
  const locale = isLocale(order.locale) ? order.locale : defaultLocale;
  return { url: `${siteOrigin}${localeHref(`/cart/finish?order=${order.extOrderId}`, locale)}` };
}

/**
 * The test provider's refund: nothing was charged, so it is finalised at once, by the same signed,
 * PayU-shaped refund notification and the same handler as PayU's (the refund row is committed before).
 */
export async function completeTestRefund(
  request: ProviderRefundRequest,
  secondKey: string,
): Promise<{ providerRefundId: string }> {
  const providerRefundId = `TEST-${request.extRefundId}`;
  const now = new Date().toISOString();
  const body = JSON.stringify({
    orderId: request.providerOrderId,
    extOrderId: request.extOrderId,
    refund: {
      refundId: providerRefundId,
      extRefundId: request.extRefundId,
      amount: String(request.amount),
      currencyCode: request.currency,
      status: 'FINALIZED',
      statusDateTime: now,
      reason: 'refund',
      reasonDescription: request.description,
      refundDate: now,
    },
  });
  await handlePaymentNotification({
    rawBody: Buffer.from(body),
    signature: signatureHeader(body, secondKey),
  });
  return { providerRefundId };
}
