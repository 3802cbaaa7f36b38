// The billing form's values, apart from form-limits.ts: only the pages with the billing form (a checkout)
// carry the country list.

/** Issue 27: who an invoice is made out to, a company with its NIP or a private person without one. */
export const buyerKinds = ['company', 'private'] as const;

/** The lengths of the billing fields (billing_details' columns; a NIP as typed, `PL 123-456-78-90`). */
export const billingFieldMax = { name: 200, nip: 20, street: 200, postcode: 10, city: 100 } as const;

/**
 * The countries a buyer may give (ISO 3166-1 alpha-2), Poland first: the European Economic Area, its
 * neighbours, the UK and the US; their names are in the message files (billing.countries).
 */
export const billingCountries = [
  'PL',
  'AT',
  'BE',
  'BG',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'NO',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'UA',
  'US',
] as const;
