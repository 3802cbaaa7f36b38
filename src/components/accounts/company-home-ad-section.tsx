'use client';

import { useTranslations } from 'next-intl';
import { type KeyboardEvent, useRef, useState } from 'react';
import type { FieldErrors } from '@/components/forms/field-errors';
import { type FieldProps, TextField } from '@/components/forms/fields';
import { FormSection, hintClass } from '@/components/forms/form-section';
import { useCheckout } from '@/components/payments/use-checkout';
import { Button } from '@/components/ui/button';
import { apiUrl } from '@/lib/api-client';
import { homeAdNameMax } from '@/lib/form-limits';
import { formatPrice } from '@/lib/format';

/** The home-page ad offer as the pages read it from the payment settings (price in PLN). */
export interface HomeAdOffer {
  price: number;
  days: number;
}

/** The registration box's checkbox: read by the form's check, never sent to the API. */
export const homeAdFlag = 'home_ad';
const nameField = 'home_ad_name';

/**
 * The browser-only rule of the registration box: once it is ticked, the ad needs a name (the API takes
 * an empty `home_ad_name` as "no ad").
 */
export function homeAdErrors(values: Record<string, unknown>): FieldErrors {
  if (!values[homeAdFlag]) return {};
  const name = values[nameField];
  return typeof name === 'string' && name.trim() ? {} : { [nameField]: [{ key: 'home_ad.name_required' }] };
}

/**
 * Spec §2: the organiser form's home-page ad box. On registration a checkbox and, once ticked, the
 * ad's name, sent with the form (the order is paid after signing in); on the company edit the name
 * and a button that starts the payment at once.
 */
export function CompanyHomeAdSection({
  mode,
  offer,
  placeName,
  errors,
}: {
  mode: 'register' | 'edit';
  offer: HomeAdOffer;
  /** The stored place name, the edit box's first suggestion. */
  placeName?: string;
  /** The organiser form's errors (registration). */
  errors: FieldErrors;
}) {
  const t = useTranslations('home_ad');
  const price = formatPrice(Math.round(offer.price * 100));
  return (
    <FormSection legend={t('section')}>
      {mode === 'register' ? (
        <RegisterBox price={price} days={offer.days} errors={errors} />
      ) : (
        <BuyBox price={price} days={offer.days} placeName={placeName ?? ''} />
      )}
    </FormSection>
  );
}

function RegisterBox({ price, days, errors }: { price: string; days: number; errors: FieldErrors }) {
  const t = useTranslations('home_ad');
  const [wanted, setWanted] = useState(false);
  const [name, setName] = useState('');

  const toggle = (checked: boolean, form: HTMLFormElement | null) => {
    setWanted(checked);
    // The place's name is the natural first choice; the organiser may shorten it.
    const place = form?.elements.namedItem('name');
    if (checked && !name.trim() && place instanceof HTMLInputElement) {
      setName(place.value.trim().slice(0, homeAdNameMax));
    }
  };

  return (
    <>
      <label className="flex min-h-11 cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          name={homeAdFlag}
          value="1"
          checked={wanted}
          onChange={(e) => toggle(e.currentTarget.checked, e.currentTarget.form)}
          className="mt-1 h-5 w-5 shrink-0 accent-brand-600"
        />
        <span className="font-medium text-slate-800">{t('want', { price, days })}</span>
      </label>
      {wanted ? (
        <AdNameField errors={errors} value={name} onValue={setName} />
      ) : (
        <input type="hidden" name={nameField} value="" />
      )}
      <p className={hintClass}>{t('register_hint')}</p>
    </>
  );
}

/** The ad's name, required and within its limit, kept in the box's state. */
function AdNameField({
  value,
  onValue,
  ...rest
}: Omit<FieldProps, 'name' | 'label' | 'onChange'> & { value: string; onValue: (name: string) => void }) {
  const t = useTranslations('home_ad');
  return (
    <TextField
      name={nameField}
      label={t('name')}
      required
      maxLength={homeAdNameMax}
      value={value}
      onChange={(e) => onValue(e.currentTarget.value)}
      {...rest}
    />
  );
}

function BuyBox({ price, days, placeName }: { price: string; days: number; placeName: string }) {
  const t = useTranslations('home_ad');
  const { checkout, busy, dialog } = useCheckout();
  const [name, setName] = useState(placeName.slice(0, homeAdNameMax));
  const [errors, setErrors] = useState<FieldErrors>({});
  const box = useRef<HTMLDivElement>(null);

  const buy = async () => {
    const chosen = name.trim();
    if (!chosen) {
      setErrors({ [nameField]: [t('name_required')] });
      box.current?.querySelector('input')?.focus();
      return;
    }
    setErrors({});
    await checkout(apiUrl('/api/payu/buy_promo/{name}', { params: { name: chosen } }));
  };

  // Enter in the name buys the ad; it must not send the company form around it.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (!busy) void buy();
  };

  return (
    <>
      <p className={hintClass}>{t('edit_hint', { days })}</p>
      <div ref={box} className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
        <AdNameField
          // Outside the company form (no form has an empty id): the ad is bought on its own, not saved with it.
          form=""
          errors={errors}
          value={name}
          onValue={setName}
          onKeyDown={onKeyDown}
        />
        <Button disabled={busy} onClick={() => void buy()} className="sm:mt-6">
          {t('buy', { price })}
        </Button>
      </div>
      {dialog}
    </>
  );
}
