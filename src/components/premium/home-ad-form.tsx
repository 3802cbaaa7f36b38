'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import type { FieldErrors } from '@/components/forms/field-errors';
import { TextField } from '@/components/forms/fields';
import { useCheckout } from '@/components/payments/use-checkout';
import { Button } from '@/components/ui/button';
import { apiUrl } from '@/lib/api-client';

/**
 * Spec §7 GET /api/payu/buy_promo/{name}: the home-page ad, under the name the company chooses.
 * `maxLength` comes from the page, so the schema library stays out of this page's JavaScript.
 */
export function HomeAdForm({ maxLength }: { maxLength: number }) {
  const t = useTranslations('premium');
  const { checkout, busy, dialog } = useCheckout();
  const [errors, setErrors] = useState<FieldErrors>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('name') as HTMLInputElement;
    const name = input.value.trim();
    if (!name) {
      setErrors({ name: [t('home_ad_required')] });
      input.focus();
      return;
    }
    setErrors({});
    void checkout(apiUrl('/api/payu/buy_promo/{name}', { params: { name } }));
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <TextField
        name="name"
        label={t('home_ad_name')}
        hint={t('home_ad_hint')}
        errors={errors}
        required
        maxLength={maxLength}
        autoComplete="organization"
      />
      <Button type="submit" disabled={busy}>
        {t('home_ad_buy')}
      </Button>
      {dialog}
    </form>
  );
}
