// Spec §9: the promo badge (and the promo price) of a plan shows only if the plan costs something, its
// promotion is on, and the visitor is anonymous or registered within the plan's promo_months months.

export interface PromoPlan {
  /** Gross price per month in grosze. */
  price: number;
  promo: number;
  promoMonths: number;
  isPromoActive: boolean;
}

/** Months added in the calendar (31 January + 1 month = 28/29 February, as PostgreSQL does it). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, last));
  return result;
}

/** Whether the plan's promotion applies to someone registered at `registeredAt` (null: anonymous). */
export function promoApplies(plan: PromoPlan, registeredAt: Date | null, now: Date = new Date()): boolean {
  if (plan.price <= 0 || !plan.isPromoActive || plan.promo <= 0) return false;
  if (registeredAt === null) return true;
  // promo_months defaults to 6 (spec §9) when a plan has none set.
  const months = plan.promoMonths > 0 ? plan.promoMonths : 6;
  return addMonths(registeredAt, months) > now;
}

/** Gross price in grosze of one month of the plan, the promotion taken off where it applies. */
export function monthlyAmount(plan: PromoPlan, withPromo: boolean): number {
  return withPromo ? Math.round((plan.price * (100 - plan.promo)) / 100) : plan.price;
}

/** Gross price in grosze of `months` of the plan: whole months, as the order's lines bill them. */
export function planAmount(plan: PromoPlan, months: number, withPromo: boolean): number {
  return monthlyAmount(plan, withPromo) * months;
}
