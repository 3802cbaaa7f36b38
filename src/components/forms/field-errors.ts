import type { FieldMessage } from '@/lib/validation';

/** A field's errors: message keys from the shared schema, or texts the API already translated. */
export type FieldErrors = Record<string, (FieldMessage | string)[]>;
