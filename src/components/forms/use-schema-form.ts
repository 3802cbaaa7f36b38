'use client';

import { type FormEvent, useCallback, useState } from 'react';
import type { z } from 'zod';
import { assignField } from '@/lib/form-fields';
import { ApiError } from '@/lib/use-api';
import { type FieldMessage, fieldMessages } from '@/lib/validation';

/** A field's errors: message keys from the shared schema, or texts the API already translated. */
export type FieldErrors = Record<string, (FieldMessage | string)[]>;

/** The form's values as the API will read them (same field names, same nesting rules). */
export function readFormValues(form: HTMLFormElement): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of new FormData(form).entries()) {
    if (typeof value === 'string') assignField(values, name, value);
  }
  return values;
}

/**
 * Checks a native form with the same zod schema the API uses before sending it; a 422 from the API
 * puts its field errors next to the same fields. Nothing is sent while the form is invalid.
 */
export function useSchemaForm<S extends z.ZodType>(
  schema: S,
  submit: (form: HTMLFormElement, values: z.output<S>) => Promise<void>,
) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      const result = schema.safeParse(readFormValues(form), { reportInput: true });
      if (!result.success) {
        setErrors(fieldMessages(result.error));
        focusFirstInvalid(form);
        return;
      }
      setErrors({});
      setPending(true);
      try {
        await submit(form, result.data);
      } catch (error) {
        if (error instanceof ApiError && error.status === 422) {
          const body = error.body as { errors?: Record<string, string[]> };
          if (body.errors) {
            setErrors(body.errors);
            focusFirstInvalid(form);
          }
        } else if (!(error instanceof ApiError)) {
          throw error;
        }
      } finally {
        setPending(false);
      }
    },
    [schema, submit],
  );

  return { errors, setErrors, pending, onSubmit };
}

function focusFirstInvalid(form: HTMLFormElement) {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
