import { ApiError } from '@/components/hooks/use-api';

// Spec §4: a social sign-in of someone without an account answers 401 with what the provider told us;
// the register form fills its empty fields with it.
export const preRegistrationKey = 'portal.preRegistration';

/** Keeps a newcomer's data for the register form; false when the error is not that answer. */
export function keepPreRegistration(error: unknown): boolean {
  if (!(error instanceof ApiError && error.status === 401)) return false;
  sessionStorage.setItem(preRegistrationKey, JSON.stringify((error.body as { data?: unknown }).data ?? {}));
  return true;
}
