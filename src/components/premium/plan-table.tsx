import { useTranslations } from 'next-intl';
import type { OfferedPlan } from '@/lib/premium-offer';
import { allFeatures } from './compare-plans';
import { FeatureValue } from './feature-value';
import { orderPlan, type PlanViewProps } from './order-plan';
import { PlanOrder } from './plan-order';
import { CurrentMark, MonthlyPrice, PromoBadge } from './plan-price';

/** Spec §2: the plan comparison on wide screens, one column per plan (by level), one row per feature. */
export function PlanTable({ plans, viewer, current, loginHref }: PlanViewProps) {
  const t = useTranslations('premium');
  const cell = (plan: OfferedPlan) =>
    `border-t border-slate-200 px-4 py-3 align-top ${current?.id === plan.id ? 'bg-brand-50' : ''}`;
  const rowHead = 'border-t border-slate-200 px-4 py-3 text-left align-top font-medium text-slate-800';
  return (
    <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">{t('plans_title')}</caption>
        <thead>
          <tr>
            <th scope="col" className="w-1/5 px-4 py-4 align-bottom text-sm font-semibold text-slate-600">
              {t('feature_column')}
            </th>
            {plans.map((plan) => (
              <th
                key={plan.id}
                scope="col"
                className={`px-4 py-4 align-bottom ${current?.id === plan.id ? 'bg-brand-50' : ''}`}
              >
                <span className="flex flex-wrap items-center gap-2 text-xl font-bold">
                  {plan.name}
                  <PromoBadge plan={plan} />
                </span>
                <CurrentMark plan={plan} current={current} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row" className={rowHead}>
              {t('monthly_price')}
            </th>
            {plans.map((plan) => (
              <td key={plan.id} className={cell(plan)}>
                <MonthlyPrice plan={plan} />
              </td>
            ))}
          </tr>
          {allFeatures.map((feature) => (
            <tr key={feature} className="even:bg-slate-50/60">
              <th scope="row" className={rowHead}>
                {t(`features.${feature}`)}
              </th>
              {plans.map((plan) => (
                <td key={plan.id} className={cell(plan)}>
                  <FeatureValue plan={plan} feature={feature} />
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row" className={rowHead}>
              <span className="sr-only">{t('order_row')}</span>
            </th>
            {plans.map((plan) => (
              <td key={plan.id} className={cell(plan)}>
                <PlanOrder plan={orderPlan(plan)} viewer={viewer} current={current} loginHref={loginHref} />
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
