import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { type Order, orders } from '@/db/schema';
import type { Locale } from '@/lib/locale';
import { continuesPayment } from '@/lib/pay-again';
import type { PaymentStart } from '@/lib/schemas/orders';
import type { AuthUser } from '@/server/auth/access-tokens';
import { fieldError, notFound } from '@/server/errors';
import { buyEventPack, buyHomeAd, buyPlan, buyPromotion } from './buy';
import { payOrder } from './place-order';

// Issue 27 point 6: "Pay again" in the profile's orders. A pending order still within its payment's
// validity continues at its own payment page (payOrder), so it can never be paid twice. A failed,
// cancelled or expired one is closed for good (a late COMPLETED for it would grant nothing), so the same
// thing is bought anew: through the same purchase call as the first time, at today's price and with
// today's checks (the event has not ended, the place is the company's and shown, the promotional months
// left), never at the old order's price.

interface PayAgain {
  actor: AuthUser;
  extOrderId: string;
  customerIp: string;
  locale: Locale;
  siteOrigin: string;
}

function buyAgain(order: Order, purchase: Omit<PayAgain, 'extOrderId'>): Promise<PaymentStart> {
  const gone = () => fieldError('order', 'payments.order_gone');
  switch (order.kind) {
    case 'premium':
      if (!order.premiumSettingId || !order.months) throw gone();
      return buyPlan({ ...purchase, planId: order.premiumSettingId, months: order.months });
    case 'events':
      if (!order.paymentSettingId) throw gone();
      return buyEventPack({ ...purchase, packId: order.paymentSettingId });
    case 'promotion':
      if (!order.pricePackId || !order.eventId) throw gone();
      return buyPromotion({ ...purchase, packId: order.pricePackId, eventId: order.eventId });
    case 'home_ad':
      if (!order.adName || !order.placeId) throw gone();
      return buyHomeAd({ ...purchase, name: order.adName, placeId: order.placeId, weeks: order.weeks ?? 1 });
  }
}

/** GET /api/payu/pay/{ext_order_id}: pays one of the company's orders again; a paid one is a 422. */
export async function payAgain(
  { actor, extOrderId, ...purchase }: PayAgain,
  now = new Date(),
): Promise<PaymentStart> {
  if (!/^[0-9a-f-]{36}$/i.test(extOrderId)) throw notFound();
  const db = await getDb();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.extOrderId, extOrderId), eq(orders.userId, actor.id)));
  if (!order) throw notFound();
  if (order.status === 'paid') throw fieldError('order', 'payments.order_closed');
  if (continuesPayment(order, now))
    return payOrder({ actorId: actor.id, extOrderId, siteOrigin: purchase.siteOrigin });
  return buyAgain(order, { actor, ...purchase });
}
