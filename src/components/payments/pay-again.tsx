import { getTranslations } from 'next-intl/server';
import { apiUrl } from '@/lib/api-client';
import { continuesPayment } from '@/lib/pay-again';
import type { OrderResource } from '@/lib/schemas/orders';
import { CheckoutButton } from './checkout-button';

/**
 * Issue 27 point 6, for an order not paid: a pending one goes back to its payment page while that still
 * takes money; a failed, cancelled or expired one is ordered anew at today's price (server/payments/
 * pay-again.ts decides by the same rule).
 */
export async function PayAgain({ order, what }: { order: OrderResource; what: string }) {
  if (order.status === 'paid') return null;
  const t = await getTranslations('orders');
  const continues = continuesPayment(
    { status: order.status, createdAt: new Date(order.created_at) },
    new Date(),
  );
  return (
    <div className="grid justify-items-start gap-2">
      <p className="text-sm text-slate-700">{t(continues ? 'pending_note' : 'closed_note')}</p>
      <CheckoutButton
        path={apiUrl('/api/payu/pay/{ext_order_id}', { params: { ext_order_id: order.ext_order_id } })}
        label={t(continues ? 'pay_named' : 'buy_again_named', { what })}
      >
        {t(continues ? 'pay' : 'buy_again')}
      </CheckoutButton>
    </div>
  );
}
