import { useTranslations } from 'next-intl';
import { Check, Minus } from '@/components/ui/icons';
import type { OfferedPlan } from '@/lib/premium-offer';
import type { CountFeature, FlagFeature } from './compare-plans';

/** ✓ or — with the word screen readers hear instead. */
export function FlagMark({ on }: { on: boolean }) {
  const t = useTranslations('premium');
  return (
    <>
      {on ? (
        <Check aria-hidden size={20} className="inline text-green-700" />
      ) : (
        <Minus aria-hidden size={20} className="inline text-slate-400" />
      )}
      <span className="sr-only">{on ? t('yes') : t('no')}</span>
    </>
  );
}

/** A plan's value of one feature: a number, kilometres, or a mark. */
export function FeatureValue({ plan, feature }: { plan: OfferedPlan; feature: CountFeature | FlagFeature }) {
  const t = useTranslations('premium');
  if (feature === 'bonus_distance') return <>{t('km', { count: plan.bonus_distance })}</>;
  const value = plan[feature];
  if (typeof value === 'boolean') return <FlagMark on={value} />;
  return <>{value}</>;
}
