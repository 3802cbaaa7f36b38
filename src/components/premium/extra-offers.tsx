import { useTranslations } from 'next-intl';
import { CheckoutButton } from '@/components/payments/checkout-button';
import { buttonClass } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { apiUrl } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import type { PremiumOffer } from '@/lib/premium-offer';
import { HomeAdForm } from './home-ad-form';

const card = 'flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm';
const item =
  'flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg border border-slate-200 p-3';
const pln = (price: number) => formatPrice(Math.round(price * 100));

/**
 * Spec §2: event packs, event-promotion price packs and the home-page ad. Promotion is bought for a
 * chosen event, on that event's page, so here its packs only point the company to its calendar.
 */
export function ExtraOffers({
  packs,
  viewer,
  loginHref,
  adNameMax,
}: {
  packs: PremiumOffer['packs'];
  viewer: PremiumOffer['viewer'];
  loginHref: string;
  adNameMax: number;
}) {
  const t = useTranslations('premium');
  const login = viewer === 'anonymous' && (
    <Link href={loginHref} className={buttonClass({ variant: 'outline' })}>
      {t('order.login')}
    </Link>
  );
  return (
    <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      <section aria-labelledby="premium-packs" className={card}>
        <h2 id="premium-packs" className="text-xl font-semibold">
          {t('packs_title')}
        </h2>
        <p className="text-slate-700">{t('packs_text')}</p>
        {packs.packages.length === 0 ? (
          <p className="text-slate-600">{t('packs_empty')}</p>
        ) : (
          <ul className="grid gap-3">
            {packs.packages.map((pack) => (
              <li key={pack.id} className={item}>
                <div className="min-w-0">
                  <p className="font-semibold break-words">{pack.description}</p>
                  <p className="text-sm text-slate-600">{t('pack_count', { count: pack.count })}</p>
                </div>
                <div className="flex items-center gap-3">
                  <p className="font-bold whitespace-nowrap text-brand-700">{pln(pack.price)}</p>
                  {viewer === 'company' && (
                    <CheckoutButton path={apiUrl('/api/payu/buy_events/{id}', { params: { id: pack.id } })}>
                      {t('buy')}
                      <span className="sr-only">: {pack.description}</span>
                    </CheckoutButton>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        {login}
      </section>

      <section aria-labelledby="premium-promotion" className={card}>
        <h2 id="premium-promotion" className="text-xl font-semibold">
          {t('promo_title')}
        </h2>
        <p className="text-slate-700">{t('promo_text')}</p>
        {packs.price_packs.length === 0 ? (
          <p className="text-slate-600">{t('promo_empty')}</p>
        ) : (
          <ul className="grid gap-3">
            {packs.price_packs.map((pack) => (
              <li key={pack.id} className={item}>
                <div className="min-w-0">
                  <p className="font-semibold break-words">{pack.name}</p>
                  <p className="text-sm text-slate-600">{t('promo_days', { count: pack.days })}</p>
                </div>
                <p className="font-bold whitespace-nowrap text-brand-700">{pln(pack.price)}</p>
              </li>
            ))}
          </ul>
        )}
        {viewer === 'company' && (
          <Link href="/premium/promote" className={buttonClass()}>
            {t('promo_choose')}
          </Link>
        )}
        {login}
      </section>

      <section aria-labelledby="premium-home-ad" className={`${card} md:col-span-2 lg:col-span-1`}>
        <h2 id="premium-home-ad" className="text-xl font-semibold">
          {t('home_ad_title')}
        </h2>
        <p className="text-slate-700">{t('home_ad_text')}</p>
        <p className="text-2xl font-bold text-brand-700">
          {t('home_ad_price', { price: pln(packs.home_ad.price), days: packs.home_ad.days })}
        </p>
        {viewer === 'company' && <HomeAdForm maxLength={adNameMax} />}
        {login}
      </section>
    </div>
  );
}
