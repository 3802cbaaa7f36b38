import { useTranslations } from 'next-intl';
import { Check, Minus } from '@/components/ui/icons';
import type { OfferedPlan, PremiumOffer } from '@/lib/premium-offer';
import { allFeatures, comparePlan, type FeatureChange } from './compare-plans';
import { FeatureValue } from './feature-value';
import { orderPlan, type PlanViewProps } from './order-plan';
import { PlanOrder } from './plan-order';
import { CurrentMark, MonthlyPrice, PromoBadge } from './plan-price';

/** Spec §2/§4: the plans on narrow screens, one card each, with what differs from the plan it is compared with. */
export function PlanCards({ plans, viewer, current, loginHref }: PlanViewProps) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 md:hidden">
      {plans.map((plan) => (
        <li key={plan.id}>
          <PlanCard plan={plan} plans={plans} viewer={viewer} current={current} loginHref={loginHref} />
        </li>
      ))}
    </ul>
  );
}

function PlanCard({
  plan,
  plans,
  viewer,
  current,
  loginHref,
}: {
  plan: OfferedPlan;
  plans: OfferedPlan[];
  viewer: PremiumOffer['viewer'];
  current: PremiumOffer['current'];
  loginHref: string;
}) {
  const t = useTranslations('premium');
  const comparison = comparePlan(plans, plan);
  const headingId = `plan-card-${plan.id}`;
  const mine = current?.id === plan.id;
  return (
    <article
      aria-labelledby={headingId}
      className={`grid h-full gap-4 rounded-xl border bg-white p-5 shadow-sm ${mine ? 'border-brand-600 ring-2 ring-brand-100' : 'border-slate-200'}`}
    >
      <div className="grid gap-2">
        <h3 id={headingId} className="flex flex-wrap items-center gap-2 text-xl font-bold">
          {plan.name}
          <PromoBadge plan={plan} />
        </h3>
        <CurrentMark plan={plan} current={current} />
        <MonthlyPrice plan={plan} />
      </div>
      {comparison && (
        <div className="rounded-lg bg-brand-50 p-3">
          <p className="font-semibold text-brand-700">
            {t(`changes.${comparison.kind}`, { name: comparison.other.name })}
          </p>
          {comparison.changes.length === 0 ? (
            <p className="mt-1 text-sm text-slate-700">{t('changes.none')}</p>
          ) : (
            <ul className="mt-1 grid gap-1 text-sm">
              {comparison.changes.map((change) => (
                <li key={change.feature} className="flex items-start gap-2">
                  <ChangeText change={change} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <dl className="grid gap-1 text-sm">
        {allFeatures.map((feature) => (
          <div
            key={feature}
            className="flex justify-between gap-3 border-b border-slate-100 py-1 last:border-0"
          >
            <dt className="text-slate-700">{t(`features.${feature}`)}</dt>
            <dd className="shrink-0 font-medium">
              <FeatureValue plan={plan} feature={feature} />
            </dd>
          </div>
        ))}
      </dl>
      <div className="self-end">
        <PlanOrder plan={orderPlan(plan)} viewer={viewer} current={current} loginHref={loginHref} />
      </div>
    </article>
  );
}

function ChangeText({ change }: { change: FeatureChange }) {
  const t = useTranslations('premium');
  if (change.kind === 'count') {
    const sign = change.delta > 0 ? '+' : '−';
    return (
      <>
        <span aria-hidden className="w-4 shrink-0" />
        <span>{t(`changes.${change.feature}`, { sign, count: Math.abs(change.delta) })}</span>
      </>
    );
  }
  const label = t(`features.${change.feature}`);
  return change.gained ? (
    <>
      <Check aria-hidden size={16} className="mt-0.5 shrink-0 text-green-700" />
      <span>{label}</span>
    </>
  ) : (
    <>
      <Minus aria-hidden size={16} className="mt-0.5 shrink-0 text-slate-500" />
      <span>{t('changes.lost', { feature: label })}</span>
    </>
  );
}
