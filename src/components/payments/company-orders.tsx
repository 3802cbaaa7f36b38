import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import { formatDate, formatDateTime } from '@/lib/format';
import type { UserResource } from '@/lib/schemas/account-responses';
import type { OrderResource } from '@/lib/schemas/orders';
import type { Page } from '@/lib/schemas/pagination';
import { promotionReportsPath } from '@/lib/stats-format';
import { OrderGrants, OrderStatusBadge, orderAmount, orderWhat } from './order-details';
import { PayAgain } from './pay-again';

const link = 'font-semibold text-brand-700 underline';
const pageLink =
  'inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 font-semibold text-slate-800 hover:bg-slate-50';

async function OrderCard({ order }: { order: OrderResource }) {
  const t = await getTranslations('orders');
  const tr = await getTranslations('promotion_report');
  const what = await orderWhat(order);
  return (
    <li className="grid gap-2 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <p className="min-w-0 font-semibold break-words">{what}</p>
        <p className="text-lg font-bold whitespace-nowrap text-brand-700">{orderAmount(order)}</p>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <OrderStatusBadge status={order.status} />
        <span>{t('ordered_at', { date: formatDateTime(order.created_at) })}</span>
      </div>
      <OrderGrants order={order} className="grid gap-1 text-sm text-slate-800" />
      {order.status === 'paid' && (order.kind === 'promotion' || order.kind === 'home_ad') && (
        <p className="text-sm">
          <Link href={promotionReportsPath} className={`${link} inline-flex min-h-11 items-center`}>
            {tr('order_link')}
          </Link>
        </p>
      )}
      {order.invoice && (
        <ul aria-label={t('invoices')} className="flex flex-wrap gap-x-4 text-sm">
          <li>
            <a href={order.invoice.pdf_url} download className={`${link} inline-flex min-h-11 items-center`}>
              {t('invoice', { number: order.invoice.number })}
            </a>
          </li>
          {order.corrections.map((correction) => (
            <li key={correction.pdf_url}>
              <a href={correction.pdf_url} download className={`${link} inline-flex min-h-11 items-center`}>
                {t('correction', { number: correction.number })}
              </a>
            </li>
          ))}
        </ul>
      )}
      <PayAgain order={order} what={what} />
    </li>
  );
}

/** The company's part of /profile: its plan and events left, and its orders with what each granted. */
export async function CompanyOrders({ me, orders }: { me: UserResource; orders: Page<OrderResource> }) {
  const t = await getTranslations('orders');
  const href = (page: number) => `/profile?orders_page=${page}#orders`;
  return (
    <section id="orders" aria-labelledby="orders-title" className="mx-auto max-w-4xl scroll-mt-20 px-4 pb-10">
      <h2 id="orders-title" className="mb-4 text-2xl font-bold">
        {t('title')}
      </h2>
      <div className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <div className="grid gap-1 rounded-xl bg-brand-50 p-4">
          {me.premium_setting && (
            <p className="font-semibold">
              {t('your_plan', { plan: me.premium_setting.name })}
              {me.premium_until && ` ${t('plan_until', { date: formatDate(me.premium_until) })}`}
            </p>
          )}
          <p>{t('events_left', { count: me.events_left ?? 0 })}</p>
          <p>
            <Link href="/premium" className={link}>
              {t('change_plan')}
            </Link>
          </p>
        </div>

        {orders.data.length === 0 ? (
          <p>
            {t('empty')}{' '}
            <Link href="/premium" className={link}>
              {t('see_offer')}
            </Link>
          </p>
        ) : (
          <ul className="grid gap-3">
            {orders.data.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </ul>
        )}

        {orders.last_page > 1 && (
          <nav aria-label={t('pages')} className="flex flex-wrap items-center justify-between gap-3">
            {orders.current_page > 1 ? (
              <Link href={href(orders.current_page - 1)} className={pageLink}>
                {t('previous')}
              </Link>
            ) : (
              <span />
            )}
            <span className="text-sm text-slate-600">
              {t('page_of', { page: orders.current_page, last: orders.last_page })}
            </span>
            {orders.current_page < orders.last_page ? (
              <Link href={href(orders.current_page + 1)} className={pageLink}>
                {t('next')}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
      </div>
    </section>
  );
}
