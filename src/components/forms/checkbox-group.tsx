'use client';

import { type ReactNode, useId } from 'react';
import type { FieldErrors } from './field-errors';
import { ErrorText, RequiredMark, useFieldError } from './fields';
import { hintClass, legendClass, sectionClass } from './form-section';

/** A choice among records of a dictionary (categories, languages). */
export interface Option {
  id: number;
  name: string;
}

/**
 * A group of checkboxes sent as `name[]` ids; its error sits under the group. `asSection` makes it a
 * card of its own instead of a group inside one.
 */
export function CheckboxGroup({
  name,
  legend,
  hint,
  required = false,
  options,
  checked,
  errors,
  asSection = false,
}: {
  name: string;
  legend: string;
  hint: string;
  required?: boolean;
  options: Option[];
  checked: number[];
  errors: FieldErrors;
  asSection?: boolean;
}) {
  const id = useId();
  const messages = useFieldError(errors, name);
  const invalid = messages.length > 0;
  const describedBy = invalid ? `${id}-hint ${id}-error` : `${id}-hint`;
  return (
    <fieldset aria-describedby={describedBy} className={asSection ? sectionClass : 'grid gap-2'}>
      <legend className={asSection ? legendClass : 'text-sm font-medium text-slate-800'}>
        {legend}
        <RequiredMark shown={required} />
      </legend>
      <p id={`${id}-hint`} className={hintClass}>
        {hint}
      </p>
      <CheckboxList name={name} options={options} checked={checked} invalid={invalid} />
      <ErrorText id={`${id}-error`} messages={messages} />
    </fieldset>
  );
}

/** The boxes of a group, sent as `name[]` ids, in up to three columns; `icon` stands before an option's name. */
export function CheckboxList<T extends Option>({
  name,
  options,
  checked,
  invalid,
  icon,
}: {
  name: string;
  options: T[];
  checked: number[];
  invalid: boolean;
  icon?: (option: T) => ReactNode;
}) {
  return (
    <ul className="grid gap-x-4 sm:grid-cols-2 md:grid-cols-3">
      {options.map((option) => (
        <li key={option.id}>
          <label className="flex min-h-11 cursor-pointer items-center gap-3">
            <input
              type="checkbox"
              name={`${name}[]`}
              value={option.id}
              defaultChecked={checked.includes(option.id)}
              aria-invalid={invalid}
              className="h-5 w-5 shrink-0 accent-brand-600"
            />
            {icon?.(option)}
            <span>{option.name}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}
