'use client';

import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Plus } from '@/components/ui/icons';
import type { FieldErrors } from './field-errors';
import { ErrorText, inputClass, useField, useFieldError } from './fields';
import { hintClass, legendClass, sectionClass } from './form-section';
import { RemoveButton } from './remove-button';

/**
 * What the list holds. `text`: short texts; the schema (`textList`) drops blank entries. `films`:
 * YouTube links or ids; the schema drops only empty ones.
 */
export type TextListKind = 'text' | 'films';

export interface TextListTexts {
  legend: string;
  hint: ReactNode;
  item: (n: number) => string;
  remove: (n: number) => string;
  add: string;
  /** Shown instead of the add button once the list holds `max` entries. */
  full: string;
  /** Shown instead of the add button when nothing may be added at all (`max` is 0). */
  none?: string;
  placeholder?: string;
}

interface Entry {
  key: number;
  value: string;
}

/** A growing list of text inputs sent as `name[]`, each with a remove button; a card of its own. */
export function TextListField({
  name,
  kind,
  max,
  initial,
  errors,
  texts,
  className = sectionClass,
  onChange,
  lang,
}: {
  name: string;
  kind: TextListKind;
  max: number;
  initial: string[];
  errors: FieldErrors;
  texts: TextListTexts;
  className?: string;
  /** Told what the list holds after each change, for a parent that keeps it while it is not shown. */
  onChange?: (values: string[]) => void;
  /** The language the entries are written in (issue 31), when the form asks for one. */
  lang?: string;
}) {
  const id = useId();
  const nextKey = useRef(initial.length);
  const [entries, setEntries] = useState<Entry[]>(() => initial.map((value, key) => ({ key, value })));
  const [focus, setFocus] = useState<number | 'add' | null>(null);
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const groupMessages = useFieldError(errors, name);

  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    onChangeRef.current?.(entries.map((e) => e.value));
  }, [entries]);

  useEffect(() => {
    if (focus === null) return;
    (focus === 'add' ? addButton.current : inputs.current.get(focus))?.focus();
    setFocus(null);
  }, [focus]);

  const add = () => {
    const key = nextKey.current++;
    setEntries((list) => [...list, { key, value: '' }]);
    setFocus(key);
  };
  const remove = (index: number) => {
    const neighbour = entries[index + 1] ?? entries[index - 1];
    setEntries((list) => list.filter((_, i) => i !== index));
    setFocus(neighbour ? neighbour.key : 'add');
  };
  let filled = 0;
  const rows = entries.map((entry, index) => {
    // The schema drops empty entries first, so its `name.<i>` is the i-th entry it keeps.
    const isFilled = kind === 'films' ? entry.value !== '' : entry.value.trim() !== '';
    return (
      <ListEntry
        key={entry.key}
        name={name}
        kind={kind}
        label={texts.item(index + 1)}
        removeLabel={texts.remove(index + 1)}
        placeholder={texts.placeholder}
        lang={lang}
        value={entry.value}
        errorKey={isFilled ? `${name}.${filled++}` : null}
        errors={errors}
        inputRef={(el) => {
          if (el) inputs.current.set(entry.key, el);
          else inputs.current.delete(entry.key);
        }}
        onChange={(value) =>
          setEntries((list) => list.map((e) => (e.key === entry.key ? { ...e, value } : e)))
        }
        onRemove={() => remove(index)}
      />
    );
  });

  let limitText: string | null = null;
  if (max === 0 && texts.none) limitText = texts.none;
  else if (entries.length >= max) limitText = texts.full;

  return (
    <fieldset
      aria-describedby={groupMessages.length ? `${id}-hint ${id}-error` : `${id}-hint`}
      className={className}
    >
      <legend className={legendClass}>{texts.legend}</legend>
      <p id={`${id}-hint`} className={hintClass}>
        {texts.hint}
      </p>
      {rows.length > 0 && <ul className="grid gap-3">{rows}</ul>}
      {limitText ? (
        <p className="text-sm text-slate-700">{limitText}</p>
      ) : (
        <Button ref={addButton} variant="outline" onClick={add} className="justify-self-start">
          <Plus aria-hidden size={18} />
          {texts.add}
        </Button>
      )}
      <ErrorText id={`${id}-error`} messages={groupMessages} />
    </fieldset>
  );
}

function ListEntry({
  name,
  kind,
  label,
  removeLabel,
  placeholder,
  lang,
  value,
  errorKey,
  errors,
  inputRef,
  onChange,
  onRemove,
}: {
  name: string;
  kind: TextListKind;
  label: string;
  removeLabel: string;
  placeholder: string | undefined;
  lang: string | undefined;
  value: string;
  errorKey: string | null;
  errors: FieldErrors;
  inputRef: (el: HTMLInputElement | null) => void;
  onChange: (value: string) => void;
  onRemove: () => void;
}) {
  const { id, messages, errorId, control } = useField(errors, errorKey ?? '');
  const isFilms = kind === 'films';
  return (
    <li>
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          ref={inputRef}
          name={`${name}[]`}
          type="text"
          inputMode={isFilms ? 'url' : undefined}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          maxLength={isFilms ? 500 : 200}
          placeholder={placeholder}
          lang={lang}
          {...control}
          className={inputClass}
        />
        <RemoveButton label={removeLabel} onClick={onRemove} />
      </div>
      <ErrorText id={errorId} messages={messages} />
    </li>
  );
}
