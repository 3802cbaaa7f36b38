import { getTranslations } from 'next-intl/server';
import { OrderStatusBadge } from '@/components/payments/order-details';
import { formatDateTime, formatPrice } from '@/lib/format';
import type { AdminOrder, RefundResource } from '@/lib/schemas/admin-refunds';
import { RefundDialog } from './refund-dialog';

/** PLN of the API as the pages show prices. */
const price = (pln: number) => formatPrice(Math.round(pln * 100));

async function Withdrawn({ withdrawn }: { withdrawn: NonNullable<RefundResource['withdrawn']> }) {
  const t = await getTranslations('admin_refunds');
  const parts = [
    withdrawn.plan_days > 0 && t('withdrawn_plan', { days: withdrawn.plan_days }),
    withdrawn.events > 0 && t('withdrawn_events', { count: withdrawn.events }),
    withdrawn.promotion_days > 0 && t('withdrawn_promotion', { days: withdrawn.promotion_days }),
    withdrawn.home_ad_days > 0 && t('withdrawn_home_ad', { days: withdrawn.home_ad_days }),
  ].filter(Boolean);
  return <li>{parts.length ? t('withdrawn', { what: parts.join(', ') }) : t('withdrawn_nothing')}</li>;
}

async function RefundItem({ refund }: { refund: RefundResource }) {
  const t = await getTranslations('admin_refunds');
  return (
    <li className="grid gap-0.5 border-l-4 border-slate-200 pl-3">
      <p className="font-semibold">
        {t('refund_line', {
          amount: price(refund.amount),
          status: t(`refund_status.${refund.status}`),
          date: formatDateTime(refund.completed_at ?? refund.created_at),
        })}
      </p>
      <ul className="grid gap-0.5 text-slate-700">
        <li className="break-words">{t('refund_reason', { reason: refund.reason })}</li>
        {refund.admin && <li className="break-all">{t('refund_by', { email: refund.admin.email })}</li>}
        {refund.withdrawn && <Withdrawn withdrawn={refund.withdrawn} />}
        {refund.correction && (
          <li>
            <a
              href={refund.correction.pdf_url}
              download
              className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
            >
              {t('correction', { number: refund.correction.number })}
            </a>
          </li>
        )}
      </ul>
    </li>
  );
}

/** The orders as cards: who bought what, what was paid and refunded, and the Refund button while any is left. */
export async function RefundOrderList({ orders }: { orders: AdminOrder[] }) {
  const t = await getTranslations('admin_refunds');
  return (
    <ul className="grid gap-3">
      {orders.map((order) => (
        <li key={order.id} className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
            <h2 className="font-semibold">{t('order_number', { id: order.id })}</h2>
            <p className="text-lg font-bold whitespace-nowrap text-brand-700">{price(order.amount)}</p>
          </div>
          <p className="break-all text-slate-700">
            {order.buyer.name ? `${order.buyer.name} · ` : ''}
            {order.buyer.email}
          </p>
          <p className="break-words">{order.items.join(', ')}</p>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <OrderStatusBadge status={order.status} />
            <span>{t('placed', { date: formatDateTime(order.created_at) })}</span>
            {order.paid_at && <span>{t('paid', { date: formatDateTime(order.paid_at) })}</span>}
            <span>
              {t('provider', { provider: t(`provider_name.${order.provider === 'payu' ? 'payu' : 'test'}`) })}
            </span>
            <span className="break-all">{order.ext_order_id}</span>
          </div>
          {(order.refunded_amount > 0 || order.refundable > 0) && (
            <p className="text-sm">
              {order.refunded_amount > 0 && `${t('refunded', { amount: price(order.refunded_amount) })} `}
              {order.refundable > 0 && t('refundable', { amount: price(order.refundable) })}
            </p>
          )}
          {order.refunds.length > 0 && (
            <section aria-label={t('refunds')} className="grid gap-2 text-sm">
              <h3 className="font-semibold">{t('refunds')}</h3>
              <ul className="grid gap-2">
                {order.refunds.map((refund) => (
                  <RefundItem key={refund.id} refund={refund} />
                ))}
              </ul>
            </section>
          )}
          {order.refundable > 0 && (
            <div>
              <RefundDialog
                orderId={order.id}
                refundable={{ pln: order.refundable, label: price(order.refundable) }}
              />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
