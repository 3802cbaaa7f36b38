import { defaultPromoMonths } from './spec-limits';
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
  return addMonths(registeredAt, promoMonthsOf(plan)) > now;
}

/** The plan's promo_months, spec §9's default when it has none set. */
export function promoMonthsOf(plan: Pick<PromoPlan, 'promoMonths'>): number {
  return plan.promoMonths > 0 ? plan.promoMonths : defaultPromoMonths;
}

/** Gross price in grosze of one month of the plan, the promotion taken off where it applies. */
export function monthlyAmount(plan: PromoPlan, withPromo: boolean): number {
  return withPromo ? Math.round((plan.price * (100 - plan.promo)) / 100) : plan.price;
}

/** What an order of `months` of a plan bills: months at the promotional price first, then at the full one. */
export interface PlanLines {
  promoMonths: number;
  promoUnit: number;
  fullMonths: number;
  fullUnit: number;
  /** Gross total in grosze. */
  amount: number;
}

/**
 * Issue 27: the promotion covers at most promo_months months of the plan per company in total, so an
 * order bills at the promotional price only the months the company has not yet bought at it
 * (`promoUsed`), and the rest at the full price.
 */
export function planLines(plan: PromoPlan, months: number, withPromo: boolean, promoUsed = 0): PlanLines {
  const promoMonths = withPromo ? Math.max(0, Math.min(months, promoMonthsOf(plan) - promoUsed)) : 0;
  const promoUnit = monthlyAmount(plan, true);
  const fullUnit = plan.price;
  const fullMonths = months - promoMonths;
  return {
    promoMonths,
    promoUnit,
    fullMonths,
    fullUnit,
    amount: promoMonths * promoUnit + fullMonths * fullUnit,
  };
}
