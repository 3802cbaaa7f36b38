import { useTranslations } from 'next-intl';
import { formatDate } from '@/lib/format';
import type { OfferedPlan, PremiumOffer } from '@/lib/premium-offer';

type Price = OfferedPlan['prices'][number];

/**
 * Issue 27: what the chosen duration does to the company's plan ("PRO until 26.05.2027 becomes PRO+
 * until …"), as the server's rule computed it, and which months the promotion covers; the first line
 * is the headline. /premium shows them under the price and the checkout dialog repeats them.
 */
export function usePlanChangeLines(
  planName: string,
  price: Price | undefined,
  current: PremiumOffer['current'],
) {
  const t = useTranslations('premium.order');
  if (!price) return [];
  const { change } = price;
  const lines: string[] = [];
  if (change?.kind === 'new')
    lines.push(t('change_new', { plan: planName, until: formatDate(change.until) }));
  if (change?.kind === 'extend')
    lines.push(
      t('change_extend', { plan: planName, from: formatDate(change.from), until: formatDate(change.until) }),
    );
  if (change?.kind === 'change' && current) {
    lines.push(
      t('change_replace', {
        current: current.name,
        current_until: current.until ? formatDate(current.until) : '',
        plan: planName,
        until: formatDate(change.until),
      }),
    );
    if (change.credited_days > 0)
      lines.push(t('change_credited', { count: change.credited_days, current: current.name }));
  }
  if (price.promo_months > 0 && price.promo_months < price.months)
    lines.push(t('promo_part', { count: price.promo_months }));
  return lines;
}

export function PlanChangeNote({ lines }: { lines: string[] }) {
  if (lines.length === 0) return null;
  const [headline, ...rest] = lines;
  return (
    <div className="grid gap-1 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
      <p className="font-semibold">{headline}</p>
      {rest.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
