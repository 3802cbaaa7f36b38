import { z } from 'zod';
import { textMax } from '@/lib/form-limits';
import {
  alsoOnFieldErrors,
  checkPasswordPair,
  emailField,
  flag,
  linkToken,
  passwordField,
  requiredText,
} from './fields';

/** Spec §5 user form, create: every field required, password at least 8 and repeated. */
export const registerUserBodySchema = z
  .object({
    first_name: requiredText(textMax.city),
    last_name: requiredText(textMax.city),
    email: emailField,
    city: requiredText(textMax.city),
    password: passwordField,
    password_confirmation: z.string(),
  })
  .superRefine(checkPasswordPair, alsoOnFieldErrors);
export type RegisterUserInput = z.output<typeof registerUserBodySchema>;

/**
 * Spec §5 user form, edit: the password is filled only to change it. A new password or e-mail also
 * needs the current password (checked on the server, which knows whether the account has one).
 */
export const updateUserBodySchema = z
  .object({
    first_name: requiredText(textMax.city),
    last_name: requiredText(textMax.city),
    email: emailField,
    city: requiredText(textMax.city),
    password: z.preprocess((v) => (v === '' ? undefined : v), passwordField.optional()),
    password_confirmation: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
    current_password: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(200).optional()),
    // Mail about messages and reminders; left out, the setting stays as it is (the form always sends it).
    mail_updates: flag.optional(),
  })
  .superRefine(checkPasswordPair, alsoOnFieldErrors);
export type UpdateUserInput = z.output<typeof updateUserBodySchema>;

export const loginBodySchema = z.object({
  email: emailField,
  password: z.string().min(1).max(200),
  remember: z
    .preprocess((v) => v === true || v === 'true' || v === '1' || v === 'on', z.boolean())
    .optional(),
});

export const emailOnlyBodySchema = z.object({ email: emailField });

export const passwordResetBodySchema = z
  .object({
    email: emailField,
    token: linkToken,
    password: passwordField,
    password_confirmation: z.string(),
  })
  .superRefine(checkPasswordPair, alsoOnFieldErrors);

/** The one-click unsubscribe link of mails about messages and reminders (`?token=` of `/unsubscribe`). */
export const unsubscribeQuerySchema = z.object({ token: z.string().max(200) });
