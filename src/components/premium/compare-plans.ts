import type { PremiumSettingResource } from '@/lib/schemas/catalogue-responses';

/** Plan features counted in numbers, in the order the comparison lists them. */
export const countFeatures = ['available_events', 'images_count', 'movies_count'] as const;

/** Plan features a plan has or lacks, in the order the comparison lists them. */
export const flagFeatures = [
  'company_description',
  'display_phone',
  'display_email',
  'display_url',
  'display_social',
  'show_map',
  'virtual_walk',
  'ask_questions',
  'answer_comments',
  'messenger_access',
  'calendar_access',
  'tech_support',
] as const;

/** Kilometres added to the search radius; listed last. */
export const distanceFeature = 'bonus_distance';

/** Every feature the comparison shows, in its order. */
export const allFeatures = [...countFeatures, ...flagFeatures, distanceFeature] as const;

export type CountFeature = (typeof countFeatures)[number] | typeof distanceFeature;
export type FlagFeature = (typeof flagFeatures)[number];

export type ComparablePlan = Pick<PremiumSettingResource, 'id' | 'level' | CountFeature | FlagFeature>;

export type FeatureChange =
  | { kind: 'count'; feature: CountFeature; delta: number }
  | { kind: 'flag'; feature: FlagFeature; gained: boolean };

export interface PlanComparison<P extends ComparablePlan> {
  /** The plan the card is compared with. */
  other: P;
  /**
   * `next_adds`: the lowest plan, and `changes` are what `other` (the next plan up) would add;
   * `adds_over`: `changes` are what this plan adds to (or takes from) `other`, the plan below.
   */
  kind: 'next_adds' | 'adds_over';
  changes: FeatureChange[];
}

/** What `plan` has more (or less) than `base`, feature by feature, in the comparison's order. */
export function featureChanges(plan: ComparablePlan, base: ComparablePlan): FeatureChange[] {
  const changes: FeatureChange[] = [];
  for (const feature of countFeatures) {
    const delta = plan[feature] - base[feature];
    if (delta !== 0) changes.push({ kind: 'count', feature, delta });
  }
  for (const feature of flagFeatures) {
    if (plan[feature] !== base[feature]) changes.push({ kind: 'flag', feature, gained: plan[feature] });
  }
  const distance = plan[distanceFeature] - base[distanceFeature];
  if (distance !== 0) changes.push({ kind: 'count', feature: distanceFeature, delta: distance });
  return changes;
}

/**
 * Spec §4: "level 1 compares against level 2, others against the level below". Levels need not be
 * consecutive, so the lowest plan is compared with the next one up and every other plan with the
 * nearest one below. Null when there is no other plan.
 */
export function comparePlan<P extends ComparablePlan>(
  plans: readonly P[],
  plan: P,
): PlanComparison<P> | null {
  const sorted = [...plans].sort((a, b) => a.level - b.level);
  const index = sorted.findIndex((p) => p.id === plan.id);
  if (index < 0 || sorted.length < 2) return null;
  if (index === 0) {
    const other = sorted[1] as P;
    return { other, kind: 'next_adds', changes: featureChanges(other, plan) };
  }
  const other = sorted[index - 1] as P;
  return { other, kind: 'adds_over', changes: featureChanges(plan, other) };
}
