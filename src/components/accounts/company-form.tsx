'use client';

import { Plus, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  ErrorText,
  inputClass,
  PasswordField,
  SubmitButton,
  TextAreaField,
  TextField,
  useFieldError,
} from '@/components/forms/fields';
import { ImageInput } from '@/components/forms/image-input';
import { type FieldErrors, useSchemaForm } from '@/components/forms/use-schema-form';
import { LocationField } from '@/components/map/location-field';
import type { MapSettings } from '@/components/map/location-picker';
import { companyRegistrationBodySchema, placeProfileBodySchema, weekDays } from '@/lib/schemas/place-profile';
import { useApi } from '@/lib/use-api';

export interface CompanyFormInitial {
  name: string;
  city: string;
  street: string;
  postcode: string;
  phone: string;
  phone2: string;
  phone3: string;
  email_contact: string;
  url: string;
  facebook: string;
  instagram: string;
  linked_in: string;
  virtual_walk: string;
  description: string;
  categories: number[];
  languages: number[];
  attractions: string[];
  additional_infos: string[];
  youtube: string[];
  hours: { weekDay: number; from: string | null; to: string | null; closed: boolean; wholeDay: boolean }[];
  images: { id: number; url: string }[];
  logo: string | null;
  banner: string | null;
  /** The place's coordinates, shown and kept by the location picker (place pages only). */
  lat?: number | null;
  lng?: number | null;
}

/** Where the place pages send the form: `POST /api/place`, or `POST /api/place/{id}` with `_method=PUT`. */
export interface PlaceEndpoint {
  url: string;
  method: 'create' | 'update';
}

/** The API's answer to a saved place (spec §7 POST /api/place/{id}). */
export interface SavedPlace {
  data: { id: number };
}

interface Option {
  id: number;
  name: string;
}

/** Spec §5 and the schema: at most 50 search-engine entries and 50 additional infos. */
const maxTextEntries = 50;
/** The schema's cap on films, whatever the plan allows. */
const maxFilms = 100;
const linkFields = ['url', 'facebook', 'instagram', 'linked_in', 'virtual_walk'] as const;
const dayKeys = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

const legendClass = 'px-1 text-lg font-semibold text-slate-900';
const sectionClass = 'grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6';
const hintClass = 'text-sm text-slate-600';
const iconButtonClass =
  'flex h-11 w-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-100';
const addButtonClass =
  'inline-flex h-11 items-center gap-2 justify-self-start rounded-lg border border-brand-600 px-4 font-medium text-brand-700 hover:bg-brand-50';

/**
 * The organiser form (spec §2, §4, §5): registration of a company with its place, or the edit of the
 * company's place on /profile, where the login fields and the password block are hidden. With an
 * `endpoint` it is the place form of /account/create-place and /account/edit-place/{id}: no login
 * fields either, and `onSaved` gets the API's answer. With `map` it offers the location picker.
 */
export function CompanyForm({
  mode,
  userId,
  categories,
  languages,
  limits,
  initial,
  endpoint,
  map,
  onRegistered,
  onSaved,
}: {
  mode: 'register' | 'edit';
  userId?: number;
  categories: Option[];
  languages: Option[];
  limits: { images: number; movies: number };
  initial?: CompanyFormInitial;
  endpoint?: PlaceEndpoint;
  map?: MapSettings;
  onRegistered?: () => void;
  /** Called after a save; with an `endpoint`, with the API's answer. */
  onSaved?: (result?: SavedPlace) => void;
}) {
  const t = useTranslations('company_form');
  const api = useApi();
  // A place form edits a place like the profile does: the login fields belong to registration only.
  const isEdit = mode === 'edit' || endpoint !== undefined;
  const showsStored = endpoint ? endpoint.method === 'update' : mode === 'edit';

  const submit = useCallback(
    async (form: HTMLFormElement) => {
      const body = new FormData(form);
      if (endpoint) {
        if (endpoint.method === 'update') body.set('_method', 'PUT');
        const result = await api<SavedPlace>(endpoint.url, { method: 'POST', body, overlay: true });
        onSaved?.(result);
      } else if (isEdit) {
        if (userId === undefined) throw new Error('CompanyForm: userId is required in edit mode');
        body.set('_method', 'PUT');
        // No success toast here: the caller shows it (ProfileCompanyForm), once.
        await api(`/api/company/${userId}`, { method: 'POST', body, overlay: true });
        onSaved?.();
      } else {
        await api('/api/company', { method: 'POST', body, overlay: true });
        onRegistered?.();
      }
    },
    [api, endpoint, isEdit, userId, onSaved, onRegistered],
  );
  const { errors, pending, onSubmit } = useSchemaForm(
    isEdit ? placeProfileBodySchema : companyRegistrationBodySchema,
    submit,
  );

  const hours = new Map(initial?.hours.map((h) => [h.weekDay, h]));
  let label: string = t(isEdit ? 'form_edit' : 'form_register');
  let submitLabel: string = t(isEdit ? 'submit_edit' : 'submit_register');
  if (endpoint?.method === 'create') {
    label = t('form_place_create');
    submitLabel = t('submit_place_create');
  } else if (endpoint) {
    label = t('form_place_edit');
  }
  const coordinates =
    initial?.lat != null && initial.lng != null ? { lat: initial.lat, lng: initial.lng } : null;

  return (
    <form aria-label={label} noValidate onSubmit={onSubmit} className="grid gap-6">
      <p className={hintClass}>{t('required_note')}</p>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>{t('sections.basic')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {!isEdit && (
            <>
              <TextField
                name="company_name"
                label={t('company_name')}
                errors={errors}
                required
                maxLength={200}
                autoComplete="organization"
              />
              <TextField
                name="email"
                type="email"
                label={t('email')}
                errors={errors}
                required
                maxLength={254}
                autoComplete="email"
                defaultValue={initial?.email_contact}
              />
              <PasswordField
                name="password"
                label={t('password')}
                errors={errors}
                required
                minLength={8}
                autoComplete="new-password"
              />
              <PasswordField
                name="password_confirmation"
                label={t('password_confirmation')}
                errors={errors}
                required
                minLength={8}
                autoComplete="new-password"
              />
            </>
          )}
          <TextField
            name="name"
            label={t('name')}
            errors={errors}
            required
            maxLength={200}
            defaultValue={initial?.name}
            className="sm:col-span-2"
          />
          <TextField
            name="city"
            label={t('city')}
            errors={errors}
            required
            maxLength={100}
            autoComplete="address-level2"
            defaultValue={initial?.city}
          />
          <TextField
            name="street"
            label={t('street')}
            errors={errors}
            required
            maxLength={200}
            autoComplete="address-line1"
            defaultValue={initial?.street}
          />
          <TextField
            name="postcode"
            label={t('postcode')}
            errors={errors}
            required
            inputMode="numeric"
            maxLength={6}
            placeholder={t('postcode_placeholder')}
            autoComplete="postal-code"
            defaultValue={initial?.postcode}
          />
          <TextField
            name="phone"
            type="tel"
            label={t('phone')}
            errors={errors}
            required
            maxLength={20}
            autoComplete="tel"
            defaultValue={initial?.phone}
          />
          <TextField
            name="phone2"
            type="tel"
            label={t('phone2')}
            errors={errors}
            maxLength={20}
            defaultValue={initial?.phone2}
          />
          <TextField
            name="phone3"
            type="tel"
            label={t('phone3')}
            errors={errors}
            maxLength={20}
            defaultValue={initial?.phone3}
          />
          <TextField
            name="email_contact"
            type="email"
            label={t('email_contact')}
            errors={errors}
            maxLength={254}
            defaultValue={initial?.email_contact}
          />
          {linkFields.map((name) => (
            <TextField
              key={name}
              name={name}
              type="url"
              label={t(name)}
              errors={errors}
              maxLength={500}
              autoComplete={name === 'url' ? 'url' : undefined}
              defaultValue={initial?.[name]}
            />
          ))}
          <TextAreaField
            name="description"
            label={t('description')}
            errors={errors}
            required
            rows={6}
            maxLength={20_000}
            defaultValue={initial?.description}
            className="sm:col-span-2"
          />
          <div className="grid content-start gap-2">
            {showsStored && initial?.logo && (
              <img
                src={initial.logo}
                alt={t('current_logo')}
                className="h-20 w-20 rounded-full border border-slate-200 object-cover"
              />
            )}
            <ImageInput name="logo" label={t('logo')} errors={errors} />
          </div>
          <div className="grid content-start gap-2">
            {showsStored && initial?.banner && (
              <img
                src={initial.banner}
                alt={t('current_banner')}
                className="h-24 w-full rounded-lg border border-slate-200 object-cover"
              />
            )}
            <ImageInput name="banner" label={t('banner')} errors={errors} />
          </div>
        </div>
        <CheckboxGroup
          name="categories"
          legend={t('categories')}
          hint={t('categories_hint')}
          required
          options={categories}
          checked={initial?.categories ?? []}
          errors={errors}
        />
      </fieldset>

      {map && (
        <fieldset className={sectionClass}>
          <legend className={legendClass}>{t('sections.location')}</legend>
          <p className={hintClass}>{t('location.section_hint')}</p>
          <LocationField initial={coordinates} settings={map} errors={errors} />
        </fieldset>
      )}

      <CheckboxGroup
        name="languages"
        legend={t('sections.languages')}
        hint={t('languages_hint')}
        options={languages}
        checked={initial?.languages ?? []}
        errors={errors}
        asSection
      />

      <TextListField
        kind="attractions"
        legend={t('sections.attractions')}
        max={maxTextEntries}
        initial={initial?.attractions ?? []}
        errors={errors}
      />

      <TextListField
        kind="additional_infos"
        legend={t('sections.additional_infos')}
        max={maxTextEntries}
        initial={initial?.additional_infos ?? []}
        errors={errors}
      />

      <TextListField
        kind="youtube"
        legend={t('sections.youtube')}
        max={Math.min(limits.movies, maxFilms)}
        initial={initial?.youtube ?? []}
        errors={errors}
      />

      <Gallery existing={showsStored ? (initial?.images ?? []) : []} max={limits.images} errors={errors} />

      <fieldset className={sectionClass}>
        <legend className={legendClass}>{t('sections.hours')}</legend>
        <p className={hintClass}>{t('hours.hint')}</p>
        <div className="divide-y divide-slate-200">
          {weekDays.map((day) => {
            const h = hours.get(day);
            return (
              <DayRow
                key={day}
                day={day}
                initial={{
                  from: h?.from?.slice(0, 5) ?? '',
                  to: h?.to?.slice(0, 5) ?? '',
                  closed: h?.closed ?? false,
                  wholeDay: !h?.closed && (h?.wholeDay ?? false),
                }}
                errors={errors}
              />
            );
          })}
        </div>
      </fieldset>

      <div>
        <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}

/** A group of checkboxes sent as `name[]` ids; its error sits under the group. */
function CheckboxGroup({
  name,
  legend,
  hint,
  required = false,
  options,
  checked,
  errors,
  asSection = false,
}: {
  name: 'categories' | 'languages';
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
        {required && (
          <span aria-hidden className="text-red-700">
            {' '}
            *
          </span>
        )}
      </legend>
      <p id={`${id}-hint`} className={hintClass}>
        {hint}
      </p>
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
              <span>{option.name}</span>
            </label>
          </li>
        ))}
      </ul>
      <ErrorText id={`${id}-error`} messages={messages} />
    </fieldset>
  );
}

type ListKind = 'attractions' | 'additional_infos' | 'youtube';

interface Entry {
  key: number;
  value: string;
}

/** A growing list of text inputs sent as `kind[]`, each with a remove button. */
function TextListField({
  kind,
  legend,
  max,
  initial,
  errors,
}: {
  kind: ListKind;
  legend: string;
  max: number;
  initial: string[];
  errors: FieldErrors;
}) {
  const t = useTranslations('company_form');
  const id = useId();
  const nextKey = useRef(initial.length);
  const [entries, setEntries] = useState<Entry[]>(() => initial.map((value, key) => ({ key, value })));
  const [focus, setFocus] = useState<number | 'add' | null>(null);
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const groupMessages = useFieldError(errors, kind);
  const isFilms = kind === 'youtube';

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
    // The schema drops empty entries first, so its `kind.<i>` is the i-th entry that is not empty.
    const isFilled = isFilms ? entry.value !== '' : entry.value.trim() !== '';
    return (
      <ListEntry
        key={entry.key}
        kind={kind}
        number={index + 1}
        value={entry.value}
        errorKey={isFilled ? `${kind}.${filled++}` : null}
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
  if (isFilms && max === 0) limitText = t('youtube.none');
  else if (entries.length >= max) limitText = isFilms ? t('youtube.full', { max }) : t('list_full', { max });

  return (
    <fieldset
      aria-describedby={groupMessages.length ? `${id}-hint ${id}-error` : `${id}-hint`}
      className={sectionClass}
    >
      <legend className={legendClass}>{legend}</legend>
      <p id={`${id}-hint`} className={hintClass}>
        {t(`${kind}.hint`)}
        {isFilms && max > 0 && ` ${t('youtube.limit', { max })}`}
      </p>
      {rows.length > 0 && <ul className="grid gap-3">{rows}</ul>}
      {limitText ? (
        <p className="text-sm text-slate-700">{limitText}</p>
      ) : (
        <button ref={addButton} type="button" onClick={add} className={addButtonClass}>
          <Plus aria-hidden size={18} />
          {t(`${kind}.add`)}
        </button>
      )}
      <ErrorText id={`${id}-error`} messages={groupMessages} />
    </fieldset>
  );
}

function ListEntry({
  kind,
  number,
  value,
  errorKey,
  errors,
  inputRef,
  onChange,
  onRemove,
}: {
  kind: ListKind;
  number: number;
  value: string;
  errorKey: string | null;
  errors: FieldErrors;
  inputRef: (el: HTMLInputElement | null) => void;
  onChange: (value: string) => void;
  onRemove: () => void;
}) {
  const t = useTranslations('company_form');
  const id = useId();
  const messages = useFieldError(errors, errorKey ?? '');
  const isFilms = kind === 'youtube';
  return (
    <li>
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="sr-only">
          {t(`${kind}.item`, { n: number })}
        </label>
        <input
          id={id}
          ref={inputRef}
          name={`${kind}[]`}
          type="text"
          inputMode={isFilms ? 'url' : undefined}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          maxLength={isFilms ? 500 : 200}
          placeholder={isFilms ? t('youtube.placeholder') : undefined}
          aria-invalid={messages.length > 0}
          aria-describedby={messages.length ? `${id}-error` : undefined}
          className={inputClass}
        />
        <button
          type="button"
          onClick={onRemove}
          aria-label={t(`${kind}.remove`, { n: number })}
          className={iconButtonClass}
        >
          <X aria-hidden size={18} />
        </button>
      </div>
      <ErrorText id={`${id}-error`} messages={messages} />
    </li>
  );
}

/**
 * The photo gallery: kept images travel as hidden `preloaded[]` ids, new ones as `images[]`; together
 * they may not exceed the plan's photo count.
 */
function Gallery({
  existing,
  max,
  errors,
}: {
  existing: { id: number; url: string }[];
  max: number;
  errors: FieldErrors;
}) {
  const t = useTranslations('company_form');
  const id = useId();
  const [kept, setKept] = useState(existing);
  const [trimmedTo, setTrimmedTo] = useState<number | null>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const section = useRef<HTMLFieldSetElement>(null);
  const messages = useFieldError(errors, 'images');
  const remaining = Math.max(0, max - kept.length);

  useEffect(() => {
    if (focusIndex === null || !section.current) return;
    const buttons = section.current.querySelectorAll<HTMLElement>('[data-remove-image]');
    (
      buttons[Math.min(focusIndex, buttons.length - 1)] ??
      section.current.querySelector<HTMLElement>('input[type=file]')
    )?.focus();
    setFocusIndex(null);
  }, [focusIndex]);

  // Runs after ImageInput has dropped files over 2 MB: keeps only as many as the plan still allows.
  const onFilesChange = (event: FormEvent<HTMLDivElement>) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== 'file') return;
    const files = Array.from(input.files ?? []);
    if (files.length <= remaining) {
      setTrimmedTo(null);
      return;
    }
    const allowed = new DataTransfer();
    for (const file of files.slice(0, remaining)) allowed.items.add(file);
    input.files = allowed.files;
    setTrimmedTo(remaining);
  };

  let status: string;
  if (max === 0) status = t('gallery.none');
  else if (remaining === 0) status = t('gallery.full', { max });
  else status = t('gallery.limit', { max, remaining });

  return (
    <fieldset ref={section} className={sectionClass}>
      <legend className={legendClass}>{t('sections.gallery')}</legend>
      <p className={hintClass}>{status}</p>
      {kept.length > 0 && (
        <ul
          aria-label={t('gallery.current')}
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4"
        >
          {kept.map((image, index) => (
            <li key={image.id} className="relative">
              <input type="hidden" name="preloaded[]" value={image.id} />
              <img
                src={image.url}
                alt={t('gallery.image_alt', { n: index + 1 })}
                loading="lazy"
                className="aspect-[4/3] w-full rounded-lg border border-slate-200 object-cover"
              />
              <button
                type="button"
                data-remove-image
                onClick={() => {
                  setKept((list) => list.filter((i) => i.id !== image.id));
                  setFocusIndex(index);
                }}
                aria-label={t('gallery.remove', { n: index + 1 })}
                className={`absolute top-1 right-1 ${iconButtonClass}`}
              >
                <X aria-hidden size={18} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {remaining > 0 ? (
        <div onChange={onFilesChange}>
          <ImageInput name="images[]" label={t('gallery.add')} errors={errors} multiple />
          {trimmedTo !== null && (
            <p role="status" className="mt-1 text-sm text-amber-800">
              {t('gallery.trimmed', { count: trimmedTo })}
            </p>
          )}
        </div>
      ) : (
        <ErrorText id={`${id}-error`} messages={messages} />
      )}
    </fieldset>
  );
}

interface DayState {
  from: string;
  to: string;
  closed: boolean;
  wholeDay: boolean;
}

/** One day of the opening hours. Spec §4: "closed" and "open 24 hours" exclude each other and clear the times. */
function DayRow({ day, initial, errors }: { day: number; initial: DayState; errors: FieldErrors }) {
  const t = useTranslations('company_form');
  const id = useId();
  const [state, setState] = useState(initial);
  const fromErrors = useFieldError(errors, `place_hours_from.${day}`);
  const toErrors = useFieldError(errors, `place_hours_to.${day}`);
  const flagErrors = useFieldError(errors, `place_hours_closed.${day}`);
  const messages = [...new Set([...fromErrors, ...toErrors, ...flagErrors])];
  const describedBy = messages.length ? `${id}-error` : undefined;
  const noTimes = state.closed || state.wholeDay;
  const dayKey = dayKeys[day - 1] ?? 'monday';

  const tick = (which: 'closed' | 'wholeDay', checked: boolean) =>
    setState((s) =>
      checked
        ? { from: '', to: '', closed: which === 'closed', wholeDay: which === 'wholeDay' }
        : { ...s, [which]: false },
    );

  const timeInput = (field: 'from' | 'to', invalid: boolean) => (
    <div>
      <label htmlFor={`${id}-${field}`} className="mb-1 block text-sm font-medium text-slate-800">
        {t(`hours.${field}`)}
      </label>
      <input
        id={`${id}-${field}`}
        type="time"
        step={300}
        name={`place_hours_${field}[${day}]`}
        value={state[field]}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setState((s) => ({ ...s, [field]: value }));
        }}
        disabled={noTimes}
        required={!noTimes}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        className={`${inputClass} disabled:bg-slate-100 disabled:text-slate-400`}
      />
    </div>
  );

  return (
    <fieldset data-day={day} className="min-w-0 py-3">
      <legend className="pb-2 font-medium md:float-left md:w-40 md:pt-8.5 md:pb-0">
        {t(`days.${dayKey}`)}
      </legend>
      <div className="grid grid-cols-2 items-end gap-x-3 gap-y-2 md:grid-cols-[9rem_9rem_1fr]">
        {timeInput('from', fromErrors.length > 0)}
        {timeInput('to', toErrors.length > 0)}
        <div className="col-span-2 flex flex-wrap gap-x-6 md:col-span-1">
          <label className="flex min-h-11 cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              name={`place_hours_closed[${day}]`}
              value="1"
              checked={state.closed}
              onChange={(event) => tick('closed', event.currentTarget.checked)}
              aria-invalid={flagErrors.length > 0}
              aria-describedby={describedBy}
              className="h-5 w-5 accent-brand-600"
            />
            {t('hours.closed')}
          </label>
          <label className="flex min-h-11 cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              name={`place_hours_whole_day[${day}]`}
              value="1"
              checked={state.wholeDay}
              onChange={(event) => tick('wholeDay', event.currentTarget.checked)}
              aria-describedby={describedBy}
              className="h-5 w-5 accent-brand-600"
            />
            {t('hours.whole_day')}
          </label>
        </div>
        <div className="col-span-full">
          <ErrorText id={`${id}-error`} messages={messages} />
        </div>
      </div>
    </fieldset>
  );
}
