import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { type PremiumSetting, premiumSettings, users } from '@/db/schema';
import { toPln } from '@/lib/format';
import type { Locale } from '@/lib/locale';
import type { OfferedChange, OfferedPlan, PremiumOffer } from '@/lib/premium-offer';
import type { PlanPreview } from '@/lib/schemas/plan-preview';
import { planDurations } from '@/lib/spec-limits';
import type { AuthUser } from '@/server/auth/access-tokens';
import { forbidden } from '@/server/errors';
import { getEffectivePlan } from '@/server/plans/effective-plan';
import { getPaymentSettings, listPremiumSettings } from '@/server/plans/list-plans';
import type { PlanChange } from './plan-change';
import { getSellablePlan, loadRunningPlan, planItems, promoMonthsUsed, quotePlan } from './plan-quote';

const offeredChange = (change: PlanChange): OfferedChange => ({
  kind: change.kind,
  from: change.from.toISOString(),
  until: change.until.toISOString(),
  credited_days: change.creditedDays,
});

/** Everything /premium shows, priced for the visitor (spec §2, §4, §9). */
export async function getPremiumOffer({
  actor,
  locale,
  now = new Date(),
}: {
  actor: AuthUser | null;
  locale: Locale;
  now?: Date;
}): Promise<PremiumOffer> {
  const db = await getDb();
  const [plans, packs, account] = await Promise.all([
    listPremiumSettings({ locale }),
    getPaymentSettings({ locale }),
    actor
      ? db
          .select({ createdAt: users.createdAt, premiumUntil: users.premiumUntil })
          .from(users)
          .where(eq(users.id, actor.id))
          .then((rows) => rows[0] ?? null)
      : null,
  ]);
  const registeredAt = actor ? (account?.createdAt ?? null) : null;
  // Only a company buys, so only a company is shown what its plan would become.
  const company = actor?.role === 'company' ? actor.id : null;
  const [running, promoUsed] = company
    ? await Promise.all([loadRunningPlan(db, company), promoMonthsUsed(db, company, now)])
    : [null, new Map<number, number>()];
  const offered = plans.map((plan): OfferedPlan => {
    const quoted = {
      id: plan.id,
      price: Math.round(plan.price * 100),
      promo: plan.promo,
      promoMonths: plan.promo_months,
      isPromoActive: plan.is_promo_active,
    };
    const prices = planDurations.map((months) => {
      const { lines, change } = quotePlan({ plan: quoted, months, registeredAt, running, promoUsed, now });
      return {
        months,
        full: quoted.price * months,
        amount: lines.amount,
        promo_months: lines.promoMonths,
        change: company ? offeredChange(change) : null,
      };
    });
    const longest = prices.at(-1);
    return {
      ...plan,
      // The badge shows while some promotional months are left to the company.
      promo_applies: (longest?.promo_months ?? 0) > 0,
      prices,
      // Free plans (the default, a price of 0 or a promotion of 100%) have nothing to pay.
      buyable: !plan.default && (prices[0]?.amount ?? 0) > 0,
    };
  });
  let current: PremiumOffer['current'] = null;
  if (actor?.role === 'company') {
    const plan = await getEffectivePlan(db, actor.id);
    if (plan) {
      current = {
        id: plan.id,
        name: locale === 'en' ? plan.nameEn : plan.namePl,
        until: plan.isDefault ? null : (account?.premiumUntil?.toISOString() ?? null),
      };
    }
  }
  return {
    plans: offered,
    packs,
    viewer: actor === null ? 'anonymous' : actor.role === 'company' ? 'company' : 'other',
    current,
  };
}

/**
 * GET /api/payu/buy_premium/{id}/{months}/preview: what buying `months` of the plan would cost the
 * signed-in company and until when it would then have which plan, if paid at `now`.
 */
export async function previewPlanOrder({
  actor,
  planId,
  months,
  locale,
  now = new Date(),
}: {
  actor: AuthUser;
  planId: number;
  months: number;
  locale: Locale;
  now?: Date;
}): Promise<PlanPreview> {
  if (actor.role !== 'company') throw forbidden('payments.company_only');
  const db = await getDb();
  const plan = await getSellablePlan(db, planId);
  const [account, running, promoUsed] = await Promise.all([
    db
      .select({ createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, actor.id))
      .then((rows) => rows[0]),
    loadRunningPlan(db, actor.id),
    promoMonthsUsed(db, actor.id, now),
  ]);
  const { lines, change } = quotePlan({
    plan,
    months,
    registeredAt: account?.createdAt ?? null,
    running,
    promoUsed,
    now,
  });
  const [runningPlan] = running
    ? await db.select().from(premiumSettings).where(eq(premiumSettings.id, running.planId))
    : [];
  const nameOf = (p: PremiumSetting) => (locale === 'en' ? p.nameEn : p.namePl);
  return {
    plan: { id: plan.id, name: nameOf(plan) },
    months,
    amount: toPln(lines.amount),
    promo_months: lines.promoMonths,
    items: planItems(locale, plan, lines).map((item) => ({
      name: item.name,
      unit_price: toPln(item.unitPrice),
      quantity: item.quantity,
    })),
    ...offeredChange(change),
    current:
      running && runningPlan && running.until > now
        ? { id: runningPlan.id, name: nameOf(runningPlan), until: running.until.toISOString() }
        : null,
  };
}
