'use client';

import { useTranslations } from 'next-intl';
import { type ChangeEvent, useId } from 'react';
import { maxImageBytes } from '@/lib/spec-limits';
import type { FieldErrors } from './field-errors';
import { ErrorText, useFieldError } from './fields';
import { hintClass } from './form-section';

/**
 * A file input for images. Spec §5: a file over 2 MB is refused at once with an alert ('Image to
 * large') and dropped, so it is never sent; the server checks again and sniffs the content.
 */
export function ImageInput({
  name,
  label,
  errors,
  multiple = false,
  errorKey,
}: {
  name: string;
  label: string;
  errors: FieldErrors;
  multiple?: boolean;
  errorKey?: string;
}) {
  const t = useTranslations('forms');
  const id = useId();
  const messages = useFieldError(errors, errorKey ?? name.replace(/\[\]$/, ''));
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []);
    if (files.some((f) => f.size > maxImageBytes)) {
      window.alert(t('image_too_large'));
      const kept = new DataTransfer();
      for (const f of files) if (f.size <= maxImageBytes) kept.items.add(f);
      input.files = kept.files;
    }
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        multiple={multiple}
        onChange={onChange}
        aria-invalid={messages.length > 0}
        aria-describedby={messages.length ? `${id}-error` : `${id}-hint`}
        className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:font-medium hover:file:bg-slate-200"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {t('image_hint')}
      </p>
      <ErrorText id={`${id}-error`} messages={messages} />
    </div>
  );
}

/**
 * An image already stored (logo, banner, profile picture) above the input that replaces it; `note`
 * says under the image that choosing a file replaces it.
 */
export function CurrentImageInput({
  name,
  label,
  errors,
  current,
  currentAlt,
  imageClassName,
  note,
  className = 'grid content-start gap-2',
}: {
  name: string;
  label: string;
  errors: FieldErrors;
  current: string | null | undefined;
  currentAlt: string;
  imageClassName: string;
  note?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      {current && (
        <>
          <img src={current} alt={currentAlt} className={imageClassName} />
          {note && <p className={hintClass}>{note}</p>}
        </>
      )}
      <ImageInput name={name} label={label} errors={errors} />
    </div>
  );
}
