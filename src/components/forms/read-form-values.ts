import { assignField } from '@/lib/form-fields';

/** The form's values as the API will read them (same field names, same nesting rules). */
export function readFormValues(form: HTMLFormElement): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of new FormData(form).entries()) {
    if (typeof value === 'string') assignField(values, name, value);
  }
  return values;
}
