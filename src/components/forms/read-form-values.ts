import { formObjectOf } from '@/lib/form-fields';

/** The form's values as the API will read them (same field names, same nesting rules). */
export function readFormValues(form: HTMLFormElement): Record<string, unknown> {
  const entries = [...new FormData(form).entries()].filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return formObjectOf(entries);
}
