'use client';

import type { z } from 'zod';
import { type FieldMessage, fieldMessages } from '@/lib/validation';
import { readFormValues } from './read-form-values';
import { useApiForm } from './use-api-form';

/** A field's errors: message keys from the shared schema, or texts the API already translated. */
export type FieldErrors = Record<string, (FieldMessage | string)[]>;

export { readFormValues };

/**
 * Checks a native form with the same zod schema the API uses before sending it; a 422 from the API
 * puts its field errors next to the same fields. Nothing is sent while the form is invalid.
 */
export function useSchemaForm<S extends z.ZodType>(
  schema: S,
  submit: (form: HTMLFormElement, values: z.output<S>) => Promise<void>,
) {
  return useApiForm<z.output<S>>(submit, (values) => {
    const result = schema.safeParse(values, { reportInput: true });
    return result.success
      ? { ok: true, values: result.data }
      : { ok: false, errors: fieldMessages(result.error) };
  });
}
