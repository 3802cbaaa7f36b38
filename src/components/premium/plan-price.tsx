import { useTranslations } from 'next-intl';
import { formatDate, formatPrice } from '@/lib/format';
import type { OfferedPlan, PremiumOffer } from '@/lib/premium-offer';

/** Spec §9: the badge shows only when the server found the promotion applies to this visitor. */
export function PromoBadge({ plan }: { plan: OfferedPlan }) {
  const t = useTranslations('premium');
  if (!plan.promo_applies) return null;
  return (
    <span className="inline-flex items-center rounded-full bg-accent-500 px-2.5 py-0.5 text-sm font-bold text-white">
      <span aria-hidden>{t('promo_badge', { percent: plan.promo })}</span>
      <span className="sr-only">{t('promo_label', { percent: plan.promo })}</span>
    </span>
  );
}

/** The gross price of one month; with the promotion, the full price crossed out beside it. */
export function MonthlyPrice({ plan }: { plan: OfferedPlan }) {
  const t = useTranslations('premium');
  const month = plan.prices.find((p) => p.months === 1) ?? plan.prices[0];
  if (!month) return null;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      {month.full !== month.amount && (
        <s className="text-slate-500">
          <span className="sr-only">{t('regular_price')} </span>
          {formatPrice(month.full)}
        </s>
      )}
      <span className="text-lg font-bold whitespace-nowrap text-slate-900">
        {t('per_month', { price: formatPrice(month.amount) })}
      </span>
    </p>
  );
}

/** "Twój plan, do DD.MM.YYYY" on the signed-in company's current plan. */
export function CurrentMark({ plan, current }: { plan: OfferedPlan; current: PremiumOffer['current'] }) {
  const t = useTranslations('premium');
  if (current?.id !== plan.id) return null;
  return (
    <p className="inline-flex flex-wrap items-center gap-x-1 rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-semibold text-green-900">
      {t('current')}
      {current.until && (
        <span className="font-normal">{t('current_until', { date: formatDate(current.until) })}</span>
      )}
    </p>
  );
}
