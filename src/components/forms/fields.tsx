'use client';

import { useTranslations } from 'next-intl';
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { textMax } from '@/lib/form-limits';
import type { FieldErrors } from './field-errors';

export const inputClass =
  'h-11 w-full rounded-lg border bg-white px-3 text-base aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-red-200 border-slate-300';

// client-messages: validation
/** The translated errors of one field (keys from the schema, texts from the API). */
export function useFieldError(errors: FieldErrors, name: string): string[] {
  const t = useTranslations();
  return (errors[name] ?? []).map((e) =>
    typeof e === 'string'
      ? e
      : t(e.key as Parameters<typeof t>[0], (e.params ?? {}) as Record<string, string>),
  );
}

/**
 * A field's id and translated errors, and the attributes that mark its control invalid and point it at
 * the error message (`ErrorText` with `errorId`) while there is one.
 */
export function useField(errors: FieldErrors, name: string) {
  const id = useId();
  const messages = useFieldError(errors, name);
  const errorId = `${id}-error`;
  const control = {
    id,
    'aria-invalid': messages.length > 0,
    'aria-describedby': messages.length ? errorId : undefined,
  };
  return { id, messages, errorId, control };
}

export function ErrorText({ id, messages }: { id: string; messages: string[] }) {
  if (!messages.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {messages.join(' ')}
    </p>
  );
}

/** The star after a required field's label; screen readers hear `required` on the input instead. */
export function RequiredMark({ shown }: { shown: boolean | undefined }) {
  if (!shown) return null;
  return (
    <span aria-hidden className="text-red-700">
      {' '}
      *
    </span>
  );
}

export function FieldLabel({
  htmlFor,
  label,
  required,
}: {
  htmlFor: string;
  label: string;
  required?: boolean;
}) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-slate-800">
      {label}
      <RequiredMark shown={required} />
    </label>
  );
}

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  errors: FieldErrors;
  /** The key under which the schema reports this field, when it differs from the input's name. */
  errorKey?: string;
  hint?: ReactNode;
}

export function TextField({ name, label, errors, errorKey, hint, className, ...rest }: FieldProps) {
  const { id, messages, errorId, control } = useField(errors, errorKey ?? name);
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} required={rest.required} />
      <input name={name} {...control} className={inputClass} {...rest} />
      {hint && <p className="mt-1 text-xs text-slate-600">{hint}</p>}
      <ErrorText id={errorId} messages={messages} />
    </div>
  );
}

/** A web address: the URL keyboard on phones and the spec's length limit. */
export function UrlField(props: FieldProps) {
  return <TextField type="url" inputMode="url" maxLength={textMax.url} {...props} />;
}

/**
 * What a form's text fields take from their name alone: the label (the form's message of that name), the
 * form's errors and the value it starts with. A field adds what is its own: required, its limit, its kind.
 */
export function fieldBinder<Name extends string>(
  label: (name: Name) => string,
  errors: FieldErrors,
  initial?: { readonly [K in Name]?: string | number | null } | null,
) {
  return (name: Name) => ({ name, label: label(name), errors, defaultValue: initial?.[name] ?? undefined });
}

interface AreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  name: string;
  label: string;
  errors: FieldErrors;
}

export function TextAreaField({ name, label, errors, className, ...rest }: AreaProps) {
  const { id, messages, errorId, control } = useField(errors, name);
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} required={rest.required} />
      <textarea
        name={name}
        {...control}
        className="min-h-32 w-full rounded-lg border border-slate-300 bg-white p-3 text-base aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-red-200"
        {...rest}
      />
      <ErrorText id={errorId} messages={messages} />
    </div>
  );
}

/** A text someone must write: a message, a comment, a reason; a message's length at most unless said. */
export function RequiredTextArea(props: AreaProps) {
  return <TextAreaField required maxLength={textMax.message} {...props} />;
}

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  name: string;
  label: string;
  errors: FieldErrors;
  hint?: string;
  children: ReactNode;
}

export function SelectField({ name, label, errors, hint, children, ...rest }: SelectProps) {
  const id = useId();
  const messages = useFieldError(errors, name);
  const describedBy = [hint ? `${id}-hint` : '', messages.length ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} required={rest.required} />
      <select
        id={id}
        name={name}
        aria-invalid={messages.length > 0}
        aria-describedby={describedBy || undefined}
        className={inputClass}
        {...rest}
      >
        {children}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <ErrorText id={`${id}-error`} messages={messages} />
    </div>
  );
}

export { OptionList } from './option-list';

/** A radio drawn as a chip, for a short choice in a row (the buyer's kind, a plan's months). */
export function RadioChip({
  label,
  ...input
}: { label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'>) {
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold">
      <input type="radio" className="size-4 accent-brand-600" {...input} />
      {label}
    </label>
  );
}

export function SubmitButton({
  pending,
  variant,
  children,
}: {
  pending: boolean;
  variant?: ButtonVariant;
  children: ReactNode;
}) {
  return (
    <Button type="submit" disabled={pending} variant={variant}>
      {children}
    </Button>
  );
}

/** A short form's actions: submit, and cancel beside it (a dialog's, or one that folds the form away). */
export function SubmitOrCancel({
  pending,
  submitLabel,
  submitVariant,
  cancelLabel,
  onCancel,
}: {
  pending: boolean;
  submitLabel: ReactNode;
  submitVariant?: ButtonVariant;
  cancelLabel: string;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <SubmitButton pending={pending} variant={submitVariant}>
        {submitLabel}
      </SubmitButton>
      <Button variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
    </div>
  );
}
