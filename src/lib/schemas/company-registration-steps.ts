// The organiser's sign-up in steps (issue 29): which fields of companyRegistrationBodySchema each step
// holds. No zod here, so the register page can read it in its first load; the test beside it checks
// that every field of the schema (and every file the route takes) sits in exactly one step.

export const companyRegistrationSteps = ['account', 'place', 'hours', 'extras'] as const;
export type CompanyRegistrationStep = (typeof companyRegistrationSteps)[number];

/** The fields of each step, as the form names them and the schema and the API report them. */
export const companyRegistrationStepFields: Record<CompanyRegistrationStep, readonly string[]> = {
  account: ['company_name', 'email', 'password', 'password_confirmation'],
  // Issue 31: an English text sits in the step of its Polish one.
  place: [
    'name',
    'name_en',
    'city',
    'street',
    'postcode',
    'phone',
    'phone2',
    'phone3',
    'email_contact',
    'url',
    'facebook',
    'instagram',
    'linked_in',
    'virtual_walk',
    'description',
    'description_en',
    'lat',
    'lng',
    'categories',
    'logo',
    'banner',
  ],
  hours: ['place_hours_from', 'place_hours_to', 'place_hours_closed', 'place_hours_whole_day'],
  // The home-page ad comes last (spec §2): it is bought once the rest is filled in.
  extras: [
    'languages',
    'attribute_ids',
    'attractions',
    'attractions_en',
    'additional_infos',
    'additional_infos_en',
    'youtube',
    'preloaded',
    'images',
    'home_ad_name',
  ],
};

const stepByField = new Map(
  companyRegistrationSteps.flatMap((step, index) =>
    companyRegistrationStepFields[step].map((field) => [field, index] as const),
  ),
);

/**
 * The index of the step that shows an error's field: "place_hours_from.3" and "youtube[2]" by their
 * name. A key no step names (a form-wide "_") belongs to the last step, the one that sends the form.
 */
export function stepOfField(key: string): number {
  const field = key.split(/[.[]/, 1)[0] ?? key;
  return stepByField.get(field) ?? companyRegistrationSteps.length - 1;
}
