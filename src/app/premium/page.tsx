import { connection } from 'next/server';
import { getLocale, getTranslations } from 'next-intl/server';
import { Benefits } from '@/components/premium/benefits';
import { ExtraOffers } from '@/components/premium/extra-offers';
import { PlanCards } from '@/components/premium/plan-cards';
import { PlanTable } from '@/components/premium/plan-table';
import { Link } from '@/components/ui/link';
import { titled } from '@/i18n/page-title';
import type { Locale } from '@/lib/locale';
import { loginPath } from '@/lib/next-path';
import { homeAdNameMax } from '@/lib/schemas/orders';
import { getPremiumOffer } from '@/server/payments/premium-offer';
import { getPageUser } from '@/web/page-user';

export const generateMetadata = titled('premium.meta_title');

/**
 * Spec §2 /premium: the promo text, the plans (a table on wide screens, cards on narrow ones) with the
 * duration to buy, the event and promotion packs, the home-page ad and why it pays to go PRO.
 */
export default async function PremiumPage() {
  await connection();
  const [t, locale, actor] = await Promise.all([getTranslations('premium'), getLocale(), getPageUser()]);
  const offer = await getPremiumOffer({ actor, locale: locale as Locale });
  const loginHref = loginPath('/premium');
  const common = { viewer: offer.viewer, current: offer.current, loginHref };
  return (
    <div className="mx-auto grid max-w-6xl gap-12 px-4 py-10">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold text-balance">{t('title')}</h1>
        <p className="mt-3 text-lg text-slate-700">{t('lead')}</p>
      </header>

      {offer.viewer === 'other' && (
        <p className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
          {t('other_note')}{' '}
          <Link href="/register#organiser" className="font-semibold text-brand-700 underline">
            {t('other_link')}
          </Link>
        </p>
      )}

      <section aria-labelledby="premium-plans">
        <h2 id="premium-plans" className="text-2xl font-bold">
          {t('plans_title')}
        </h2>
        <p className="mt-1 mb-5 text-slate-700">{t('plans_text')}</p>
        <PlanTable plans={offer.plans} {...common} />
        <PlanCards plans={offer.plans} {...common} />
      </section>

      <ExtraOffers
        packs={offer.packs}
        viewer={offer.viewer}
        loginHref={loginHref}
        adNameMax={homeAdNameMax}
      />

      <Benefits />
    </div>
  );
}
