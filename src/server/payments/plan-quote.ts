import 'server-only';
import { and, eq, gt, gte, isNotNull, max, ne, or, sum } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { orders, type PremiumSetting, premiumSettings, users } from '@/db/schema';
import { translate } from '@/i18n/translate';
import type { Locale } from '@/lib/locale';
import { paymentValiditySeconds } from '@/lib/pay-again';
import { type PlanLines, planLines, promoApplies } from '@/lib/plan-promo';
import { fieldError, notFound } from '@/server/errors';
import { type PlanChange, planChange, type RunningPlan } from './plan-change';

// Issue 27: what an order of a plan costs the company (its promotional months capped) and what it will
// grant, read from the company's orders. The preview on /premium and in the API, the order's lines and
// the grant all come from here, so what the payer is shown is what the payment does.

const paidPlan = (companyId: number) =>
  and(eq(orders.userId, companyId), eq(orders.kind, 'premium'), eq(orders.status, 'paid'));

/** A plan that can be bought: not the free default one, and with a price. */
export async function getSellablePlan(db: DbOrTx, planId: number): Promise<PremiumSetting> {
  const [plan] = await db.select().from(premiumSettings).where(eq(premiumSettings.id, planId));
  if (!plan) throw notFound();
  if (plan.isDefault || plan.price <= 0) throw fieldError('id', 'payments.plan_not_for_sale');
  return plan;
}

/** The order's lines: the months at the promotional price, then those at the full price. */
export function planItems(locale: Locale, plan: PremiumSetting, lines: PlanLines) {
  const name = locale === 'en' ? plan.nameEn : plan.namePl;
  return [
    { key: 'payments.item.plan_month_promo', unitPrice: lines.promoUnit, quantity: lines.promoMonths },
    { key: 'payments.item.plan_month', unitPrice: lines.fullUnit, quantity: lines.fullMonths },
  ]
    .filter((line) => line.quantity > 0)
    .map(({ key, ...line }) => ({ name: translate(locale, key, { plan: name }), ...line }));
}

/** The company's running plan (not the free default one) with the paid orders of its current run. */
export async function loadRunningPlan(db: DbOrTx, companyId: number): Promise<RunningPlan | null> {
  const [company] = await db
    .select({
      planId: users.premiumSettingId,
      until: users.premiumUntil,
      isDefault: premiumSettings.isDefault,
      price: premiumSettings.price,
    })
    .from(users)
    .innerJoin(premiumSettings, eq(premiumSettings.id, users.premiumSettingId))
    .where(eq(users.id, companyId));
  if (!company?.planId || !company.until || company.isDefault) return null;
  // An order of another plan ended the run before it (its unused value went into that plan), so only
  // the orders of this plan granted after the last such change pay for the days left.
  const [lastChange] = await db
    .select({ at: max(orders.grantedFrom) })
    .from(orders)
    .where(and(paidPlan(companyId), ne(orders.premiumSettingId, company.planId)));
  const spans = await db
    .select({
      from: orders.grantedFrom,
      until: orders.grantedUntil,
      months: orders.months,
      amount: orders.amount,
    })
    .from(orders)
    .where(
      and(
        paidPlan(companyId),
        eq(orders.premiumSettingId, company.planId),
        isNotNull(orders.grantedFrom),
        lastChange?.at ? gte(orders.grantedFrom, lastChange.at) : undefined,
      ),
    );
  return {
    planId: company.planId,
    until: company.until,
    monthlyPrice: company.price,
    spans: spans.flatMap((s) =>
      s.from && s.until && s.months
        ? [{ from: s.from, until: s.until, months: s.months, amount: s.amount }]
        : [],
    ),
  };
}

/**
 * Months of each plan the company has bought at the plan's promotional price, or is paying for: a
 * pending order counts while its payment page takes money (pay-again.ts), so two orders placed before
 * either is paid cannot both get the promotion, and an abandoned one gives its months back.
 */
export async function promoMonthsUsed(
  db: DbOrTx,
  companyId: number,
  now: Date,
): Promise<Map<number, number>> {
  const payable = new Date(now.getTime() - paymentValiditySeconds * 1000);
  const rows = await db
    .select({ planId: orders.premiumSettingId, months: sum(orders.promoMonths).mapWith(Number) })
    .from(orders)
    .where(
      and(
        eq(orders.userId, companyId),
        eq(orders.kind, 'premium'),
        or(eq(orders.status, 'paid'), and(eq(orders.status, 'pending'), gt(orders.createdAt, payable))),
        isNotNull(orders.premiumSettingId),
      ),
    )
    .groupBy(orders.premiumSettingId);
  return new Map(rows.map((r) => [r.planId ?? 0, r.months ?? 0]));
}

export interface PlanQuote {
  lines: PlanLines;
  change: PlanChange;
}

type QuotedPlan = Pick<PremiumSetting, 'id' | 'price' | 'promo' | 'promoMonths' | 'isPromoActive'>;

interface QuoteInput {
  plan: QuotedPlan;
  months: number;
  /** Null for a visitor who is not signed in. */
  registeredAt: Date | null;
  promoUsed: Map<number, number>;
  now: Date;
}

/** What `months` of `plan` cost: the promotional months left to the company first, then the full price. */
export function pricePlan({ plan, months, registeredAt, promoUsed, now }: QuoteInput): PlanLines {
  const promoPlan = {
    price: plan.price,
    promo: plan.promo,
    promoMonths: plan.promoMonths,
    isPromoActive: plan.isPromoActive,
  };
  return planLines(
    promoPlan,
    months,
    promoApplies(promoPlan, registeredAt, now),
    promoUsed.get(plan.id) ?? 0,
  );
}

/** What the company's `months` of `plan` cost and grant at `now`, from what it has (read once per page). */
export function quotePlan(input: QuoteInput & { running: RunningPlan | null }): PlanQuote {
  const lines = pricePlan(input);
  const { running, plan, months, now } = input;
  return { lines, change: planChange({ running, planId: plan.id, months, amount: lines.amount, now }) };
}
