'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useId } from 'react';
import type { FieldErrors } from '@/components/forms/field-errors';
import { ErrorText, SubmitButton, TextAreaField, TextField, useField } from '@/components/forms/fields';
import { readFormValues } from '@/components/forms/read-form-values';
import { useApiForm } from '@/components/forms/use-api-form';
import { useApi } from '@/components/hooks/use-api';
import { toast } from '@/components/ui/toasts';
import type { ApiUrl } from '@/lib/api-client';

/** One field of a catalogue form; `pln` is a price typed in złoty (two decimals), stored in grosze. */
export interface FieldSpec {
  name: string;
  label: string;
  kind: 'text' | 'number' | 'pln' | 'checkbox' | 'textarea' | 'file' | 'select';
  /** The choices of a `select` (issue 30: an attribute's group and icon). */
  options?: { value: string; label: string }[];
  required?: boolean;
  hint?: string;
  /** Spans the whole row of the form's grid. */
  wide?: boolean;
}

export type FormValues = Record<string, string | number | boolean | null>;

function CheckboxField({
  spec,
  checked,
  errors,
}: {
  spec: FieldSpec;
  checked: boolean;
  errors: FieldErrors;
}) {
  const { id, messages, errorId, control } = useField(errors, spec.name);
  return (
    <div className="flex flex-col justify-center">
      <label htmlFor={id} className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          name={spec.name}
          defaultChecked={checked}
          {...control}
          className="size-5 rounded border-slate-400 accent-brand-600"
        />
        {spec.label}
      </label>
      <ErrorText id={errorId} messages={messages} />
    </div>
  );
}

function FileField({ spec, errors }: { spec: FieldSpec; errors: FieldErrors }) {
  const { id, messages, errorId, control } = useField(errors, spec.name);
  return (
    <div className={spec.wide ? 'sm:col-span-2 lg:col-span-4' : undefined}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {spec.label}
      </label>
      <input
        type="file"
        name={spec.name}
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        {...control}
        className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white p-2 text-sm"
      />
      {spec.hint && <p className="mt-1 text-xs text-slate-600">{spec.hint}</p>}
      <ErrorText id={errorId} messages={messages} />
    </div>
  );
}

function SelectField({ spec, value, errors }: { spec: FieldSpec; value: string; errors: FieldErrors }) {
  const { id, messages, errorId, control } = useField(errors, spec.name);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {spec.label}
      </label>
      <select
        name={spec.name}
        defaultValue={value}
        {...control}
        className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
      >
        {(spec.options ?? []).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {spec.hint && <p className="mt-1 text-xs text-slate-600">{spec.hint}</p>}
      <ErrorText id={errorId} messages={messages} />
    </div>
  );
}

function initialText(spec: FieldSpec, value: FormValues[string] | undefined, locale: string): string {
  if (value === null || value === undefined || typeof value === 'boolean') return '';
  // Polish writes "49,00"; the API reads a comma or a point.
  if (spec.kind === 'pln') {
    const pln = (Number(value) / 100).toFixed(2);
    return locale === 'pl' ? pln.replace('.', ',') : pln;
  }
  return String(value);
}

/**
 * A catalogue form sent to the admin API: JSON, or multipart when it has a file field. The API checks it
 * (422 field errors appear under the fields); after a save the page's data is read again.
 */
export function CatalogueForm({
  fields,
  initial = {},
  url,
  method,
  submitLabel,
  resetAfter = false,
  onSaved,
}: {
  fields: FieldSpec[];
  initial?: FormValues;
  url: ApiUrl;
  method: 'POST' | 'PUT';
  submitLabel: string;
  /** Empties the form after a save (a "new item" form). */
  resetAfter?: boolean;
  onSaved?: () => void;
}) {
  const api = useApi();
  const router = useRouter();
  const t = useTranslations('admin_catalogue');
  const locale = useLocale();
  const formId = useId();
  const multipart = fields.some((f) => f.kind === 'file');

  const submit = useCallback(
    async (form: HTMLFormElement) => {
      const body = multipart ? new FormData(form) : readFormValues(form);
      await api(url, { method, body, overlay: true, quiet: false });
      toast.success(t('saved'));
      if (resetAfter) form.reset();
      router.refresh();
      onSaved?.();
    },
    [api, method, multipart, onSaved, resetAfter, router, t, url],
  );
  const { errors, pending, onSubmit } = useApiForm(submit);

  return (
    <form onSubmit={onSubmit} noValidate aria-describedby={`${formId}-hint`} className="grid gap-4">
      <p id={`${formId}-hint`} className="sr-only">
        {t('form_hint')}
      </p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {fields.map((spec) => {
          const value = initial[spec.name];
          if (spec.kind === 'checkbox')
            return <CheckboxField key={spec.name} spec={spec} checked={value === true} errors={errors} />;
          if (spec.kind === 'file') return <FileField key={spec.name} spec={spec} errors={errors} />;
          if (spec.kind === 'select')
            return (
              <SelectField
                key={spec.name}
                spec={spec}
                value={initialText(spec, value, locale)}
                errors={errors}
              />
            );
          if (spec.kind === 'textarea')
            return (
              <TextAreaField
                key={spec.name}
                name={spec.name}
                label={spec.label}
                errors={errors}
                required={spec.required}
                defaultValue={initialText(spec, value, locale)}
                className="sm:col-span-2 lg:col-span-4"
              />
            );
          return (
            <TextField
              key={spec.name}
              name={spec.name}
              label={spec.label}
              errors={errors}
              required={spec.required}
              hint={spec.hint}
              defaultValue={initialText(spec, value, locale)}
              inputMode={spec.kind === 'pln' ? 'decimal' : spec.kind === 'number' ? 'numeric' : undefined}
              className={spec.wide ? 'sm:col-span-2 lg:col-span-4' : undefined}
            />
          );
        })}
      </div>
      {errors._ && <ErrorText id={`${formId}-error`} messages={errors._.map(String)} />}
      <div>
        <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
