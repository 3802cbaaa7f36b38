'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type ReactNode, useId, useMemo, useState } from 'react';
import {
  ErrorText,
  fieldBinder,
  RadioChip,
  SelectField,
  SubmitButton,
  TextField,
  useFieldError,
} from '@/components/forms/fields';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { useApi } from '@/components/hooks/use-api';
import type { ApiBody } from '@/lib/api-client';
import { billingCountries, billingFieldMax, buyerKinds } from '@/lib/billing-limits';
import { formatNip } from '@/lib/nip';
import type { BillingResource, BuyerKind } from '@/lib/schemas/billing';

// The schema (and zod with it) loads when the page is idle, not with the page (use-schema-form.ts).
const loadSchema = () => import('@/lib/schemas/billing').then((m) => m.billingBodySchema);

/** The countries named in the reader's language, Poland first, then alphabetically. */
function useCountryOptions() {
  const t = useTranslations('billing.countries');
  const locale = useLocale();
  return useMemo(() => {
    const [home, ...rest] = billingCountries.map((code) => ({ code, name: t(code) }));
    const collator = new Intl.Collator(locale);
    rest.sort((x, y) => collator.compare(x.name, y.name));
    return home ? [home, ...rest] : rest;
  }, [t, locale]);
}

/**
 * Issue 27: the buyer an invoice names, saved with PUT /api/user/billing for the next purchase. The
 * profile shows it on its own; the checkout shows it before the payment (`submitLabel` says which).
 * A private person has no NIP: the field goes away, and with it anything typed there.
 */
export function BillingForm({
  initial,
  defaultKind = 'company',
  submitLabel,
  onSaved,
  secondary,
}: {
  initial: BillingResource | null;
  /** Chosen before anything is saved: a company buys, an attendee is a private person. */
  defaultKind?: BuyerKind;
  submitLabel: string;
  onSaved: (saved: BillingResource) => void | Promise<void>;
  /** A second button beside the submit one (the checkout's Cancel). */
  secondary?: ReactNode;
}) {
  const t = useTranslations('billing');
  const api = useApi();
  const id = useId();
  const countries = useCountryOptions();
  const [kind, setKind] = useState<BuyerKind>(initial?.kind ?? defaultKind);
  const [country, setCountry] = useState(initial?.country ?? 'PL');
  const { errors, pending, onSubmit } = useSchemaForm(loadSchema, async (_form, values) => {
    const saved = await api('/api/user/billing', {
      method: 'PUT',
      body: values as ApiBody<'/api/user/billing', 'PUT'>,
      overlay: true,
    });
    await onSaved(saved.data);
  });
  const field = fieldBinder<'nip' | 'street' | 'postcode' | 'city'>(t, errors, initial);
  const kindErrors = useFieldError(errors, 'kind');
  const kindErrorId = `${id}-kind-error`;

  return (
    <form
      // React passes events up its own tree, portals included: the checkout's dialog may belong to a
      // component inside another form (the company profile), which must not take this submit as its own.
      onSubmit={(event) => {
        event.stopPropagation();
        void onSubmit(event);
      }}
      noValidate
      aria-label={t('title')}
      className="grid gap-4 sm:grid-cols-2"
    >
      <fieldset className="sm:col-span-2" aria-describedby={kindErrors.length ? kindErrorId : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('kind_legend')}</legend>
        <div className="flex flex-wrap gap-2">
          {buyerKinds.map((option) => (
            <RadioChip
              key={option}
              name="kind"
              value={option}
              checked={kind === option}
              onChange={() => setKind(option)}
              label={option === 'company' ? t('kind_company') : t('kind_private')}
            />
          ))}
        </div>
        <ErrorText id={kindErrorId} messages={kindErrors} />
      </fieldset>
      <TextField
        name="name"
        label={kind === 'company' ? t('name_company') : t('name_private')}
        errors={errors}
        defaultValue={initial?.name}
        required
        maxLength={billingFieldMax.name}
        autoComplete={kind === 'company' ? 'organization' : 'name'}
        className="sm:col-span-2"
      />
      {kind === 'company' && (
        <TextField
          {...field('nip')}
          hint={t('nip_hint')}
          required
          maxLength={billingFieldMax.nip}
          autoComplete="off"
          spellCheck={false}
          defaultValue={initial?.nip ? formatNip(initial.nip) : undefined}
        />
      )}
      <TextField
        {...field('street')}
        required
        maxLength={billingFieldMax.street}
        autoComplete="street-address"
        className="sm:col-span-2"
      />
      <TextField
        {...field('postcode')}
        required
        maxLength={billingFieldMax.postcode}
        autoComplete="postal-code"
        placeholder={country === 'PL' ? t('postcode_placeholder') : undefined}
      />
      <TextField {...field('city')} required maxLength={billingFieldMax.city} autoComplete="address-level2" />
      <SelectField
        name="country"
        label={t('country')}
        errors={errors}
        required
        autoComplete="country"
        value={country}
        onChange={(e) => setCountry(e.currentTarget.value)}
      >
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
        {secondary}
      </div>
    </form>
  );
}
