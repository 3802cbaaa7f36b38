'use client';

import type { z } from 'zod';
import { fieldMessages } from '@/lib/validation';
import { useApiForm } from './use-api-form';

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
