'use client';

import type { FieldErrors } from './field-errors';
import { PasswordField } from './password-field';

/** A new password and its repetition, sent as `password` and `password_confirmation`. */
export function NewPasswordFields({
  label,
  repeatLabel,
  errors,
  required,
  minLength,
}: {
  label: string;
  repeatLabel: string;
  errors: FieldErrors;
  required: boolean;
  minLength?: number;
}) {
  return (
    <>
      <PasswordField
        name="password"
        label={label}
        errors={errors}
        required={required}
        minLength={minLength}
        autoComplete="new-password"
      />
      <PasswordField
        name="password_confirmation"
        label={repeatLabel}
        errors={errors}
        required={required}
        minLength={minLength}
        autoComplete="new-password"
      />
    </>
  );
}
