import 'server-only';

// One error type for the domain; the API maps `code` to an HTTP status in one table (api/plugins/errors.ts).
export type ErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'validation'
  | 'limit_exceeded'
  | 'quota_exceeded'
  | 'payload_too_large'
  | 'unavailable';

/** `messageKey` names a text in the message files (`api.*`), so it reaches users in their language. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: string,
    readonly fields?: Record<string, { key: string; params?: Record<string, string | number> }[]>,
    readonly params?: Record<string, string | number>,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const notFound = (key = 'api.not_found') => new AppError('not_found', key);
export const forbidden = (key = 'api.forbidden') => new AppError('forbidden', key);
export const unauthenticated = () => new AppError('unauthenticated', 'api.unauthenticated');
export const conflict = (key: string) => new AppError('conflict', key);

/** A 422 for one field, for rules a schema cannot express (a taken e-mail, a full quota). */
export function fieldError(field: string, key: string, params?: Record<string, string | number>) {
  return new AppError('validation', 'api.validation', { [field]: [{ key, params }] });
}
