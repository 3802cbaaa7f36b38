import { z } from 'zod';
import { billingCountries, billingFieldMax, buyerKinds } from '@/lib/billing-limits';
import { normalizeNip } from '@/lib/nip';
import { isoDateTimeSchema } from './common-responses';
import { alsoOnFieldErrors, optionalText, requiredText } from './fields';

// Issue 27: the buyer an invoice names. One schema for the profile's billing form, the checkout's
// billing dialog and PUT /api/user/billing.

export { billingCountries, billingFieldMax, buyerKinds };
export type BuyerKind = (typeof buyerKinds)[number];

const polishPostcode = /^(\d{2})-?(\d{3})$/;

const upperCountry = (v: unknown) =>
  typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toUpperCase()) : v;

const billingFields = z.object({
  kind: z.enum(buyerKinds),
  name: requiredText(billingFieldMax.name),
  nip: optionalText(billingFieldMax.nip),
  street: requiredText(billingFieldMax.street),
  postcode: requiredText(billingFieldMax.postcode),
  city: requiredText(billingFieldMax.city),
  country: z.preprocess(upperCountry, z.enum(billingCountries).default('PL')),
});
type BillingFields = z.output<typeof billingFields>;

/**
 * A company is invoiced under its NIP (checksum checked, `PL` and dashes forgiven); a private person has
 * none, and one given anyway is refused rather than dropped, so nobody gets a receipt-style invoice by
 * mistake. A Polish postcode is NN-NNN. Run even when another field failed, to show every problem at once.
 */
function checkBilling(input: Partial<Record<keyof BillingFields, unknown>>, ctx: z.RefinementCtx) {
  const nip = typeof input.nip === 'string' ? input.nip : undefined;
  if (input.kind === 'company') {
    if (!nip) ctx.addIssue({ code: 'custom', path: ['nip'], message: 'validation.nip_required' });
    else if (!normalizeNip(nip)) ctx.addIssue({ code: 'custom', path: ['nip'], message: 'validation.nip' });
  } else if (input.kind === 'private' && nip) {
    ctx.addIssue({ code: 'custom', path: ['nip'], message: 'validation.nip_private' });
  }
  const postcode = typeof input.postcode === 'string' ? input.postcode.replace(/\s/g, '') : '';
  if ((input.country ?? 'PL') === 'PL' && postcode && !polishPostcode.test(postcode)) {
    ctx.addIssue({ code: 'custom', path: ['postcode'], message: 'validation.postcode' });
  }
}

/** Stored as invoices print it: the NIP's ten digits, a Polish postcode with its dash. */
function finishBilling(input: BillingFields) {
  const nip = input.kind === 'company' && input.nip ? normalizeNip(input.nip) : null;
  const match = input.country === 'PL' ? polishPostcode.exec(input.postcode.replace(/\s/g, '')) : null;
  return {
    kind: input.kind,
    name: input.name,
    nip,
    street: input.street,
    postcode: match ? `${match[1]}-${match[2]}` : input.postcode,
    city: input.city,
    country: input.country,
  };
}

/** PUT /api/user/billing and the billing forms. */
export const billingBodySchema = billingFields
  .superRefine(checkBilling, alsoOnFieldErrors)
  .transform(finishBilling);
export type BillingInput = z.output<typeof billingBodySchema>;

/** GET /api/user/billing: the saved billing data (null until the owner saves some). */
export const billingResourceSchema = z.object({
  kind: z.enum(buyerKinds),
  name: z.string(),
  /** Ten digits, null for a private buyer. */
  nip: z.string().nullable(),
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
  updated_at: isoDateTimeSchema,
});
export type BillingResource = z.infer<typeof billingResourceSchema>;
