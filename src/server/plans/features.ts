import 'server-only';
import type { z } from 'zod';
import type { PremiumSetting } from '@/db/schema';
import type { planFeaturesSchema } from '@/lib/schemas/place-responses';

/** What a company's plan lets its places show and do (spec §6 "Plan features gate the place page"). */
export type PlanFeatures = z.infer<typeof planFeaturesSchema>;

type PlanColumns = Pick<
  PremiumSetting,
  | 'displayPhone'
  | 'displayEmail'
  | 'displayUrl'
  | 'displaySocial'
  | 'showMap'
  | 'virtualWalk'
  | 'companyDescription'
  | 'messengerAccess'
  | 'answerComments'
  | 'imagesCount'
  | 'moviesCount'
>;

/** The features of a plan (the effective one: see effective-plan.ts); no plan at all allows nothing. */
export function planFeatures(plan: Partial<PlanColumns> | null | undefined): PlanFeatures {
  return {
    display_phone: plan?.displayPhone ?? false,
    display_email: plan?.displayEmail ?? false,
    display_url: plan?.displayUrl ?? false,
    display_social: plan?.displaySocial ?? false,
    show_map: plan?.showMap ?? false,
    virtual_walk: plan?.virtualWalk ?? false,
    company_description: plan?.companyDescription ?? false,
    messenger_access: plan?.messengerAccess ?? false,
    answer_comments: plan?.answerComments ?? false,
    images_count: plan?.imagesCount ?? 0,
    movies_count: plan?.moviesCount ?? 0,
  };
}

/**
 * Spec §6: the calendar is hidden from a company only when it has a plan of its own without
 * calendar_access (this reads the company's own plan, not the effective one: no plan, no rule).
 */
export function calendarOpen(ownPlanCalendarAccess: boolean | null | undefined): boolean {
  return ownPlanCalendarAccess ?? true;
}

// Which feature lets each field of a place be shown, wherever the place appears: its page, an event's
// place summary, a list of places. Written once so that no answer shows what another one hides.
// A flag gate nulls the field; a count gate keeps that many items of a list.
const flagGates = {
  email: 'display_email',
  email_contact: 'display_email',
  phone: 'display_phone',
  phone2: 'display_phone',
  phone3: 'display_phone',
  url: 'display_url',
  facebook: 'display_social',
  instagram: 'display_social',
  linked_in: 'display_social',
  lat: 'show_map',
  lng: 'show_map',
  description: 'company_description',
  virtual_walk: 'virtual_walk',
} as const satisfies Record<string, keyof PlanFeatures>;

const countGates = {
  images: 'images_count',
  movies: 'movies_count',
} as const satisfies Record<string, keyof PlanFeatures>;

type FlagField = keyof typeof flagGates;
type CountField = keyof typeof countGates;
type Gated<T> = {
  [K in keyof T]: K extends CountField ? T[K] : T[K] | null;
};

/**
 * The given fields of a place as its plan lets them be shown: a field behind a flag is null unless the
 * plan has the flag; a list behind a count keeps no more items than the plan allows.
 */
export function hideByPlan<
  T extends Partial<Record<FlagField, unknown>> & Partial<Record<CountField, readonly unknown[]>>,
>(features: PlanFeatures, fields: T): Gated<T> {
  const out = { ...fields } as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    if (key in flagGates) {
      if (!features[flagGates[key as FlagField]]) out[key] = null;
    } else if (key in countGates) {
      out[key] = (fields[key as CountField] ?? []).slice(0, features[countGates[key as CountField]]);
    }
  }
  return out as Gated<T>;
}
