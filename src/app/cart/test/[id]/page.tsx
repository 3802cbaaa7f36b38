import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { PageCard } from '@/components/layout/page-card';
import { TestPaymentActions } from '@/components/payments/test-payment-actions';
import { TriangleAlert } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { formatPrice } from '@/lib/format';
import { getTestPayment } from '@/server/payments/test-payment';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('cart'))('test_title'), robots: { index: false } };
}

/**
 * The local test provider's payment page (DESIGN.md: without PayU configured): nothing is charged, the
 * payer picks the outcome. Unknown orders, and every order once PayU is configured, are not found.
 */
export default async function TestPaymentPage({ params }: Props) {
  await connection();
  const { id } = await params;
  const payment = await getTestPayment(id);
  if (!payment) notFound();
  const [t, to] = await Promise.all([getTranslations('cart'), getTranslations('orders')]);

  return (
    <PageCard title={t('test_title')}>
      <div className="grid gap-5">
        <p className="flex items-start gap-3 rounded-xl border-2 border-amber-400 bg-amber-50 p-4 text-lg font-bold text-amber-950">
          <TriangleAlert aria-hidden size={28} className="shrink-0" />
          {t('test_banner')}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          <dt className="text-slate-600">{t('test_kind')}</dt>
          <dd className="font-semibold">{to(`kind.${payment.kind}`)}</dd>
          <dt className="text-slate-600">{t('test_amount')}</dt>
          <dd className="text-xl font-bold text-brand-700">{formatPrice(payment.amount)}</dd>
        </dl>
        {payment.status === 'pending' ? (
          <>
            <p className="text-slate-700">{t('test_text')}</p>
            <TestPaymentActions extOrderId={id} />
          </>
        ) : (
          <div className="grid gap-2">
            <p>{t('test_closed', { status: to(`status.${payment.status}`) })}</p>
            <Link href={`/cart/finish?order=${id}`} className="font-semibold text-brand-700 underline">
              {t('test_result_link')}
            </Link>
          </div>
        )}
      </div>
    </PageCard>
  );
}
