'use client';

import { useTranslations } from 'next-intl';
import type { FieldErrors } from '@/components/forms/field-errors';
import { fieldBinder, TextField } from '@/components/forms/fields';
import { FormSection } from '@/components/forms/form-section';
import { NewPasswordFields } from '@/components/forms/new-password-fields';
import { textMax } from '@/lib/form-limits';

/** The organiser's sign-up card: the company's name, the login e-mail and the password. */
export function CompanyAccountSection({ errors }: { errors: FieldErrors }) {
  const t = useTranslations('company_form');
  const field = fieldBinder<'company_name' | 'email'>(t, errors);
  return (
    <FormSection legend={t('sections.account')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...field('company_name')}
          required
          maxLength={textMax.name}
          autoComplete="organization"
          className="sm:col-span-2"
        />
        <TextField
          {...field('email')}
          type="email"
          required
          maxLength={textMax.email}
          autoComplete="email"
          className="sm:col-span-2"
        />
        <NewPasswordFields
          label={t('password')}
          repeatLabel={t('password_confirmation')}
          errors={errors}
          required
          minLength={8}
        />
      </div>
    </FormSection>
  );
}
