'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { RadioChip } from '@/components/forms/fields';
import { useCheckout } from '@/components/payments/use-checkout';
import { Button, buttonClass } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { apiUrl } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import type { PremiumOffer } from '@/lib/premium-offer';
import type { OrderPlan } from './order-plan';
import { PlanChangeNote, usePlanChangeLines } from './plan-change-note';

/**
 * Spec §5: ordering a plan requires a duration choice. Nothing is chosen at first; "Buy" without a
 * choice only says so next to the group. A company pays, a visitor is sent to sign in first, and an
 * attendee account gets no button (the page says why once).
 */
export function PlanOrder({
  plan,
  viewer,
  current,
  loginHref,
}: {
  plan: OrderPlan;
  viewer: PremiumOffer['viewer'];
  current: PremiumOffer['current'];
  loginHref: string;
}) {
  const t = useTranslations('premium.order');
  const tp = useTranslations('premium');
  const id = useId();
  const { checkout, busy, dialog } = useCheckout();
  const [months, setMonths] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);
  const offered = plan.prices.filter((p) => plan.durations.includes(p.months));
  const chosen = offered.find((p) => p.months === months);
  const changeLines = usePlanChangeLines(plan.name, chosen, current);
  if (!plan.buyable) return <p className="font-medium text-slate-700">{t('free')}</p>;

  const errorId = `${id}-error`;
  const buy = () => {
    if (!chosen) {
      setMissing(true);
      return;
    }
    // The checkout dialog repeats what the payment will do to the plan (issue 27).
    void checkout(
      apiUrl('/api/payu/buy_premium/{id}/{months}', { params: { id: plan.id, months: chosen.months } }),
      {
        note: changeLines.join(' ') || undefined,
      },
    );
  };

  return (
    <div className="grid gap-3">
      <fieldset aria-describedby={missing ? errorId : undefined}>
        <legend className="mb-2 text-sm font-semibold text-slate-800">
          {t('legend', { name: plan.name })}
        </legend>
        <div className="flex flex-wrap gap-2">
          {offered.map((price) => (
            <RadioChip
              key={price.months}
              name={`${id}-months`}
              value={price.months}
              checked={months === price.months}
              onChange={() => {
                setMonths(price.months);
                setMissing(false);
              }}
              label={t('months', { count: price.months })}
            />
          ))}
        </div>
      </fieldset>
      <p aria-live="polite" className="flex flex-wrap items-baseline gap-x-2">
        {chosen && (
          <>
            <span className="text-sm text-slate-700">{t('total')}</span>
            {chosen.full !== chosen.amount && (
              <s className="text-slate-500">
                <span className="sr-only">{tp('regular_price')} </span>
                {formatPrice(chosen.full)}
              </s>
            )}
            <strong className="text-lg whitespace-nowrap">{formatPrice(chosen.amount)}</strong>
          </>
        )}
      </p>
      <div aria-live="polite">
        <PlanChangeNote lines={changeLines} />
      </div>
      {missing && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {t('duration_required')}
        </p>
      )}
      {viewer === 'company' && (
        <Button disabled={busy} onClick={buy}>
          {t('buy', { name: plan.name })}
        </Button>
      )}
      {viewer === 'anonymous' && (
        <Link href={loginHref} className={buttonClass()}>
          {t('login')}
        </Link>
      )}
      {dialog}
    </div>
  );
}
