import 'server-only';
import { fieldError } from '@/server/errors';

// The password rules of the sign-up, reset and change forms, in one place. Length is checked by the
// shared zod field (passwordField, also in the browser); the common-password list only here, so the
// browser bundle never ships its 49,233 entries.

let common: Promise<Set<string>> | undefined;

function commonPasswords(): Promise<Set<string>> {
  // Loaded on first use: most processes serve far more page views than sign-ups.
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => String(p).toLowerCase())),
  );
  return common;
}

/** True for a password of the list of the most common ones (zxcvbn-ts), compared without regard to case. */
async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/** Refuses a new password that is too common with a 422 on `password` (before any hashing). */
export async function assertNewPasswordAllowed(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw fieldError('password', 'validation.password_common');
}
