'use client';

import { useEffect } from 'react';
import type { z } from 'zod';
import { type FormCheck, useApiForm } from './use-api-form';

/**
 * A schema's module, loaded when needed: `() => import('@/lib/schemas/x').then((m) => m.xSchema)`,
 * declared once per module (not per render). The form's page then loads without zod (about 27 KB gzip);
 * the schema comes while the browser is idle, or at the latest on the first submit.
 */
export type SchemaLoader<S> = () => Promise<S>;

/** Runs `task` when the browser is idle (soon, where it cannot say); the cleanup cancels it. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}

/** Loads a SchemaLoader's module once the page is idle, so the first submit does not wait for it. */
export function usePreloadWhenIdle(load: SchemaLoader<unknown>) {
  useEffect(() => {
    return whenIdle(() => {
      load().catch(() => undefined);
    });
  }, [load]);
}

/**
 * Checks a native form with the same zod schema the API uses before sending it; a 422 from the API
 * puts its field errors next to the same fields. Nothing is sent while the form is invalid. The schema
 * comes from a SchemaLoader, which keeps zod out of the page's first load; if it cannot be loaded (the
 * network dropped), the form is sent unchecked and the API's own check answers.
 */
export function useSchemaForm<S extends z.ZodType>(
  schema: SchemaLoader<S>,
  submit: (form: HTMLFormElement, values: z.output<S>) => Promise<void>,
) {
  usePreloadWhenIdle(schema);
  const check: FormCheck<z.output<S>> = async (values) => {
    const loaded = await Promise.all([schema(), import('@/lib/validation')]).catch(() => null);
    if (!loaded) return { ok: true, values: values as z.output<S> };
    const [parser, { fieldMessages }] = loaded;
    const result = parser.safeParse(values, { reportInput: true });
    return result.success
      ? { ok: true, values: result.data }
      : { ok: false, errors: fieldMessages(result.error) };
  };
  return useApiForm<z.output<S>>(submit, check);
}
