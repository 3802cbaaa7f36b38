import type { PaymentSettings, PremiumSettingResource } from '@/lib/schemas/catalogue-responses';

/** What paying does to a company's plan: start one, extend the running one, or replace it. */
export type PlanChangeKind = 'new' | 'extend' | 'change';

// What /premium shows, as the page's components receive it (server/payments/premium-offer.ts computes it).

/** A plan on /premium with what it costs this visitor for each duration (grosze, gross). */
export interface OfferedPlan extends PremiumSettingResource {
  /** Spec §9's promo badge: shown only when this is true. */
  promo_applies: boolean;
  /**
   * Per duration in months: the full price, the price to pay (lower when the promotion applies) and how
   * many of the months are at the promotional price (issue 27: at most promo_months per company); for a
   * company, also what paying now would do to its plan.
   */
  prices: {
    months: number;
    full: number;
    amount: number;
    promo_months: number;
    change: OfferedChange | null;
  }[];
  /** Whether it can be bought at all (the free default plan cannot). */
  buyable: boolean;
}

/** What buying a duration of a plan would do, computed by the rule that grants it (plan-change.ts). */
export interface OfferedChange {
  /** new: nothing runs; extend: the same plan runs on; change: the running plan becomes this one. */
  kind: PlanChangeKind;
  from: string;
  until: string;
  credited_days: number;
}

export interface PremiumOffer {
  plans: OfferedPlan[];
  packs: PaymentSettings;
  /** Who is looking: anonymous, a company (who can buy) or someone else (who cannot). */
  viewer: 'anonymous' | 'company' | 'other';
  /** The company's current plan and until when it runs (null: the default plan, with no end). */
  current: { id: number; name: string; until: string | null } | null;
}
