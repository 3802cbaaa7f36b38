import type { PremiumSetting } from '@/db/schema';

/** What a place's plan lets its page show (spec §6 "Plan features gate the place page"). */
export interface PlaceFeatures {
  display_phone: boolean;
  display_email: boolean;
  display_url: boolean;
  display_social: boolean;
  show_map: boolean;
  virtual_walk: boolean;
  company_description: boolean;
  messenger_access: boolean;
  answer_comments: boolean;
  images_count: number;
  movies_count: number;
}

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

/** The features of the plan that governs a place; no plan at all allows nothing. */
export function placeFeatures(plan: Partial<PlanColumns> | null | undefined): PlaceFeatures {
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

// Which feature lets each field of a place be shown, wherever the place appears: its page, an event's
// place summary, a list of places. Written once so that no answer shows what another one hides.
const gates = {
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
} as const satisfies Record<string, keyof PlaceFeatures>;

type GatedField = keyof typeof gates;

/** The given fields of a place, each null unless the plan's features allow it. */
export function gatePlace<T extends Partial<Record<GatedField, unknown>>>(
  features: PlaceFeatures,
  fields: T,
): { [K in keyof T]: T[K] | null } {
  const out = { ...fields } as { [K in keyof T]: T[K] | null };
  for (const key of Object.keys(fields) as (keyof T & GatedField)[]) {
    if (!features[gates[key]]) out[key] = null;
  }
  return out;
}
