'use client';

import { type FormEvent, useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ApiError } from '@/components/hooks/api-error';
import type { FieldErrors } from './field-errors';
import { readFormValues } from './read-form-values';

type CheckResult<V> = { ok: true; values: V } | { ok: false; errors: FieldErrors };

/**
 * A check in the browser before sending: the values to send, or the errors to show. It may be async
 * (a schema whose code loads on the first submit).
 */
export type FormCheck<V> = (values: Record<string, unknown>) => CheckResult<V> | Promise<CheckResult<V>>;

/**
 * A native form whose API answers 422 with field errors, already in the user's language, shown next
 * to the fields. Without `check` the API alone checks it: for small forms on pages whose JavaScript
 * must stay light (the home page's newsletter strip), where shipping the schema library would cost
 * more than a round trip. `useSchemaForm` adds the shared zod schema as the check.
 */
export function useApiForm<V = Record<string, unknown>>(
  submit: (form: HTMLFormElement, values: V) => Promise<void>,
  check?: FormCheck<V>,
  /** Brings the shown errors to the user, once they are on the page; by default focuses the first invalid field. */
  reveal: (form: HTMLFormElement, errors: FieldErrors) => void = focusFirstInvalid,
) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  // A second submit while an async check runs is ignored (the button stays enabled, and focused).
  const checking = useRef(false);

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (checking.current) return;
      const form = event.currentTarget;
      const raw = readFormValues(form);
      let checked = check ? check(raw) : { ok: true as const, values: raw as V };
      if (checked instanceof Promise) {
        checking.current = true;
        try {
          checked = await checked;
        } finally {
          checking.current = false;
        }
      }
      if (!checked.ok) {
        const found = checked.errors;
        // Committed now, even after an awaited check: the focus then finds the invalid fields.
        flushSync(() => setErrors(found));
        reveal(form, found);
        return;
      }
      setErrors({});
      setPending(true);
      try {
        await submit(form, checked.values);
      } catch (error) {
        // Other API errors were already shown by useApi (a toast); anything else is a bug.
        if (!(error instanceof ApiError)) throw error;
        const body = error.body as { errors?: Record<string, string[]> };
        if (error.status === 422 && body.errors) {
          const found = body.errors;
          flushSync(() => setErrors(found));
          reveal(form, found);
        }
      } finally {
        setPending(false);
      }
    },
    [check, submit, reveal],
  );

  return { errors, setErrors, pending, onSubmit };
}

function focusFirstInvalid(form: HTMLFormElement) {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
