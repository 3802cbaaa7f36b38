import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getLocale, getTranslations } from 'next-intl/server';
import { PageCard } from '@/components/layout/page-card';
import { OrderGrants, orderAmount, orderWhat } from '@/components/payments/order-details';
import { PendingRefresh } from '@/components/payments/pending-refresh';
import { CheckCircle2, Clock, XCircle } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import type { Locale } from '@/lib/locale';
import type { OrderResource } from '@/lib/schemas/orders';
import { getOrderByExtId } from '@/server/payments/list-orders';
import { getPageUser } from '@/web/page-user';

type Props = { searchParams: Promise<{ order?: string | string[] }> };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('cart'))('finish_title'), robots: { index: false } };
}

const link = 'font-semibold text-brand-700 underline';

/** The outcome of one order, told from its status (never from the address: PayU adds ?error= on its own). */
async function Outcome({ order }: { order: OrderResource }) {
  const t = await getTranslations('cart');
  const details = (
    <>
      <p className="text-slate-700">{t('order_what', { what: await orderWhat(order) })}</p>
      <p className="text-slate-700">{t('amount', { amount: orderAmount(order) })}</p>
    </>
  );
  switch (order.status) {
    case 'paid':
      return (
        <div className="grid gap-2">
          <h2 className="flex items-center gap-2 text-xl font-semibold text-green-800">
            <CheckCircle2 aria-hidden size={24} className="shrink-0" />
            {t('paid_title')}
          </h2>
          {details}
          <OrderGrants order={order} className="grid list-disc gap-1 pl-5 font-medium" />
        </div>
      );
    case 'pending':
      return (
        <div className="grid gap-2">
          <h2 className="flex items-center gap-2 text-xl font-semibold">
            <Clock aria-hidden size={24} className="shrink-0 text-amber-700" />
            {t('pending_title')}
          </h2>
          <p className="text-slate-700">{t('pending_text')}</p>
          <PendingRefresh />
          {details}
        </div>
      );
    default:
      return (
        <div className="grid gap-2">
          <h2 className="flex items-center gap-2 text-xl font-semibold text-red-800">
            <XCircle aria-hidden size={24} className="shrink-0" />
            {order.status === 'cancelled' ? t('cancelled_title') : t('failed_title')}
          </h2>
          <p className="text-slate-700">{t('not_charged')}</p>
          {details}
          <p>
            <Link href="/premium" className={link}>
              {t('try_again')}
            </Link>
          </p>
        </div>
      );
  }
}

/** Spec §2 /cart/finish: where the payment provider sends the payer back, with the order's outcome. */
export default async function CartFinishPage({ searchParams }: Props) {
  await connection();
  const [{ order: param }, locale, user, t, tc] = await Promise.all([
    searchParams,
    getLocale(),
    getPageUser(),
    getTranslations('cart'),
    getTranslations('common'),
  ]);
  const extOrderId = typeof param === 'string' ? param : undefined;
  // The random id is the capability: the payer sees the outcome even before signing in again.
  const order = extOrderId ? await getOrderByExtId({ extOrderId, locale: locale as Locale }) : null;

  return (
    <PageCard title={t('finish_title')}>
      <div className="grid gap-6">
        {order ? <Outcome order={order} /> : <p className="text-lg font-semibold">{t('done_title')}</p>}
        <div className="flex flex-wrap gap-x-6 gap-y-2 border-t border-slate-200 pt-4">
          <Link href="/" className={link}>
            {tc('back_home')}
          </Link>
          {user?.role === 'company' && (
            <Link href="/profile#orders" className={link}>
              {t('your_orders')}
            </Link>
          )}
        </div>
      </div>
    </PageCard>
  );
}
