import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { users } from '@/db/schema';
import type { Locale } from '@/lib/locale';
import { planAmount, promoApplies } from '@/lib/plan-promo';
import type { PaymentSettings, PremiumSettingResource } from '@/lib/schemas/catalogue-responses';
import { planDurations } from '@/lib/spec-limits';
import type { AuthUser } from '@/server/auth/access-tokens';
import { getEffectivePlan } from '@/server/plans/effective-plan';
import { getPaymentSettings, listPremiumSettings } from '@/server/plans/list-plans';

/** A plan on /premium with what it costs this visitor for each duration (grosze, gross). */
export interface OfferedPlan extends PremiumSettingResource {
  /** Spec §9's promo badge: shown only when this is true. */
  promo_applies: boolean;
  /** Per duration in months: the full price and the price to pay (lower when the promotion applies). */
  prices: { months: number; full: number; amount: number }[];
  /** Whether it can be bought at all (the free default plan cannot). */
  buyable: boolean;
}

export interface PremiumOffer {
  plans: OfferedPlan[];
  packs: PaymentSettings;
  /** Who is looking: anonymous, a company (who can buy) or someone else (who cannot). */
  viewer: 'anonymous' | 'company' | 'other';
  /** The company's current plan and until when it runs (null: the default plan, with no end). */
  current: { id: number; name: string; until: string | null } | null;
}

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
  const registeredAt = account?.createdAt ?? null;
  const offered = plans.map((plan): OfferedPlan => {
    const promoPlan = {
      price: Math.round(plan.price * 100),
      promo: plan.promo,
      promoMonths: plan.promo_months,
      isPromoActive: plan.is_promo_active,
    };
    const applies = promoApplies(promoPlan, actor ? registeredAt : null, now);
    return {
      ...plan,
      promo_applies: applies,
      prices: planDurations.map((months) => ({
        months,
        full: planAmount(promoPlan, months, false),
        amount: planAmount(promoPlan, months, applies),
      })),
      // Free plans (the default, a price of 0 or a promotion of 100%) have nothing to pay.
      buyable: !plan.default && planAmount(promoPlan, 1, applies) > 0,
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
