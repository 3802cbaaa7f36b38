import type { OfferedPlan, PremiumOffer } from '@/lib/premium-offer';

export type OrderPlan = Pick<OfferedPlan, 'id' | 'name' | 'prices' | 'durations' | 'buyable'>;

/** Only what ordering needs goes to the browser, not every feature of the plan. */
export const orderPlan = ({ id, name, prices, durations, buyable }: OfferedPlan): OrderPlan => ({
  id,
  name,
  prices,
  durations,
  buyable,
});

/** What both views of the plan comparison (the wide table and the narrow cards) are given. */
export interface PlanViewProps {
  plans: OfferedPlan[];
  viewer: PremiumOffer['viewer'];
  current: PremiumOffer['current'];
  loginHref: string;
}
