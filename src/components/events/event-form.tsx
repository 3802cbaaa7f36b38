'use client';

import { Plus, X } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import {
  type FormEvent,
  type ReactNode,
  type SelectHTMLAttributes,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { BuyPackagesDialog } from '@/components/calendar/buy-packages-dialog';
import {
  ErrorText,
  inputClass,
  SubmitButton,
  TextAreaField,
  TextField,
  useFieldError,
} from '@/components/forms/fields';
import { ImageInput } from '@/components/forms/image-input';
import { type FieldErrors, useSchemaForm } from '@/components/forms/use-schema-form';
import { createEventBodySchema, updateEventBodySchema } from '@/lib/schemas/event';
import { ApiError, useApi } from '@/lib/use-api';
import type { EventFormPlace, EventFormValues } from '@/server/events/event-form-data';

interface Option {
  id: number;
  name: string;
}

interface Address {
  place_name: string;
  city: string;
  street: string;
  postcode: string;
}

/** The API's answer to a saved event (spec §7 POST /api/event and POST /api/event/{id}). */
interface SavedEvent {
  data: { id: number };
}

const legendClass = 'px-1 text-lg font-semibold text-slate-900';
const sectionClass = 'grid min-w-0 gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6';
const hintClass = 'text-sm text-slate-600';
const iconButtonClass =
  'flex h-11 w-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-100';
const addButtonClass =
  'inline-flex h-11 items-center gap-2 justify-self-start rounded-lg border border-brand-600 px-4 font-medium text-brand-700 hover:bg-brand-50';

const addressOf = (place: EventFormPlace): Address => ({
  place_name: place.name,
  city: place.city,
  street: place.street,
  postcode: place.postcode,
});

/**
 * The event form (spec §3 fields, §4 create or edit, §5 rules): checked with the API's own schema
 * before it is sent as multipart to `POST /api/event`, or to `POST /api/event/{id}` with
 * `_method=PUT` when an event is given. With no creations left (or a 402 from the API) the
 * buy-packages dialog opens instead.
 */
export function EventForm({
  places,
  categories,
  limits,
  eventsLeft,
  event,
}: {
  places: EventFormPlace[];
  categories: Option[];
  limits: { images: number; movies: number };
  eventsLeft: number;
  event?: EventFormValues;
}) {
  const t = useTranslations('event_form');
  const api = useApi();
  const router = useRouter();
  const isEdit = event !== undefined;
  const [left, setLeft] = useState(eventsLeft);
  const [packagesOpen, setPackagesOpen] = useState(!isEdit && eventsLeft <= 0);
  const packagesButton = useRef<HTMLButtonElement>(null);
  const onlyPlace = places.length === 1 ? places[0] : undefined;
  const [placeId, setPlaceId] = useState(
    event ? String(event.place_id) : onlyPlace ? String(onlyPlace.id) : '',
  );
  const [address, setAddress] = useState<Address>(() => {
    if (event)
      return {
        place_name: event.place_name,
        city: event.city,
        street: event.street,
        postcode: event.postcode,
      };
    return onlyPlace ? addressOf(onlyPlace) : { place_name: '', city: '', street: '', postcode: '' };
  });

  const submit = useCallback(
    async (form: HTMLFormElement) => {
      if (!isEdit && left <= 0) {
        setPackagesOpen(true);
        return;
      }
      const body = new FormData(form);
      if (isEdit) body.set('_method', 'PUT');
      try {
        const result = await api<SavedEvent>(event ? `/api/event/${event.id}` : '/api/event', {
          method: 'POST',
          body,
          overlay: true,
          successToast: true,
        });
        router.push(`/event/${result.data.id}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 402) {
          setLeft(0);
          setPackagesOpen(true);
        }
        throw error;
      }
    },
    [api, router, isEdit, event, left],
  );
  const { errors, pending, onSubmit } = useSchemaForm(
    isEdit ? updateEventBodySchema : createEventBodySchema,
    submit,
  );

  if (!isEdit && places.length === 0) {
    return (
      <div className="grid justify-items-start gap-4 rounded-xl border border-dashed border-slate-300 bg-white p-6">
        <p className="text-slate-700">{t('no_places')}</p>
        <Link
          href="/account/create-place"
          className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
        >
          <Plus aria-hidden size={18} />
          {t('add_place')}
        </Link>
      </div>
    );
  }

  const choosePlace = (value: string) => {
    setPlaceId(value);
    const place = places.find((p) => String(p.id) === value);
    if (place) setAddress(addressOf(place));
  };
  const addressField = (name: keyof Address) => ({
    name,
    value: address[name],
    onChange: (e: FormEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setAddress((a) => ({ ...a, [name]: value }));
    },
  });

  return (
    <>
      {!isEdit && left <= 0 && (
        <div className="mb-6 grid justify-items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p>{t('quota_empty')}</p>
          <button
            ref={packagesButton}
            type="button"
            onClick={() => setPackagesOpen(true)}
            aria-haspopup="dialog"
            className="inline-flex min-h-11 items-center rounded-lg bg-accent-500 px-5 font-semibold text-white hover:bg-orange-800"
          >
            {t('show_packages')}
          </button>
        </div>
      )}

      <form
        aria-label={t(isEdit ? 'form_edit' : 'form_create')}
        noValidate
        onSubmit={onSubmit}
        className="grid gap-6"
      >
        <p className={hintClass}>{t('required_note')}</p>

        <fieldset className={sectionClass}>
          <legend className={legendClass}>{t('sections.basic')}</legend>
          <TextField
            name="name"
            label={t('name')}
            errors={errors}
            required
            maxLength={200}
            defaultValue={event?.name}
          />
          <SelectField
            name="category_id"
            label={t('category')}
            errors={errors}
            required
            defaultValue={event ? String(event.category_id) : ''}
          >
            <option value="">{t('category_placeholder')}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <div>
            <TextAreaField
              name="description"
              label={t('description')}
              errors={errors}
              rows={6}
              maxLength={20_000}
              defaultValue={event?.description}
            />
            <p className="mt-1 text-xs text-slate-600">{t('description_hint')}</p>
          </div>
        </fieldset>

        <fieldset className={sectionClass}>
          <legend className={legendClass}>{t('sections.place')}</legend>
          <SelectField
            name="place_id"
            label={t('place')}
            hint={t('place_hint')}
            errors={errors}
            required
            value={placeId}
            onChange={(e) => choosePlace(e.currentTarget.value)}
          >
            {!onlyPlace && <option value="">{t('place_placeholder')}</option>}
            {places.map((p) => (
              <option key={p.id} value={p.id}>
                {p.city ? `${p.name} (${p.city})` : p.name}
              </option>
            ))}
          </SelectField>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              {...addressField('place_name')}
              label={t('place_name')}
              errors={errors}
              maxLength={200}
              className="sm:col-span-2"
            />
            <TextField
              {...addressField('city')}
              label={t('city')}
              errors={errors}
              maxLength={100}
              autoComplete="address-level2"
            />
            <TextField
              {...addressField('street')}
              label={t('street')}
              errors={errors}
              maxLength={200}
              autoComplete="address-line1"
            />
            <TextField
              {...addressField('postcode')}
              label={t('postcode')}
              errors={errors}
              maxLength={12}
              placeholder={t('postcode_placeholder')}
              autoComplete="postal-code"
            />
          </div>
        </fieldset>

        <fieldset className={sectionClass}>
          <legend className={legendClass}>{t('sections.dates')}</legend>
          <p className={hintClass}>{t('dates_hint')}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              type="date"
              name="start_date"
              label={t('start_date')}
              errors={errors}
              required
              defaultValue={event?.start_date}
            />
            <TextField
              type="time"
              step={300}
              name="start_date_h"
              label={t('start_time')}
              errors={errors}
              required
              defaultValue={event?.start_date_h}
            />
            <TextField
              type="date"
              name="end_date"
              label={t('end_date')}
              errors={errors}
              required
              defaultValue={event?.end_date}
            />
            <TextField
              type="time"
              step={300}
              name="end_date_h"
              label={t('end_time')}
              errors={errors}
              required
              defaultValue={event?.end_date_h}
            />
          </div>
        </fieldset>

        <fieldset className={sectionClass}>
          <legend className={legendClass}>{t('sections.prices')}</legend>
          <p className={hintClass}>{t('prices_hint')}</p>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              type="number"
              name="price_min"
              label={t('price_min')}
              errors={errors}
              required
              min={0}
              max={99999}
              step={0.01}
              inputMode="decimal"
              defaultValue={event?.price_min}
            />
            <TextField
              type="number"
              name="price_max"
              label={t('price_max')}
              errors={errors}
              required
              min={0}
              max={99999}
              step={0.01}
              inputMode="decimal"
              defaultValue={event?.price_max}
            />
            <TextField
              type="number"
              name="spots_left"
              label={t('spots_left')}
              errors={errors}
              required
              min={0}
              step={1}
              inputMode="numeric"
              defaultValue={event?.spots_left}
            />
          </div>
        </fieldset>

        <fieldset className={sectionClass}>
          <legend className={legendClass}>{t('sections.links')}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              type="url"
              name="buy_ticket_url"
              label={t('buy_ticket_url')}
              errors={errors}
              maxLength={500}
              placeholder={t('link_placeholder')}
              defaultValue={event?.buy_ticket_url}
            />
            <TextField
              type="url"
              name="virtual_walk"
              label={t('virtual_walk')}
              errors={errors}
              maxLength={500}
              placeholder={t('link_placeholder')}
              defaultValue={event?.virtual_walk}
            />
          </div>
        </fieldset>

        <PhotosSection
          banner={event?.banner ?? null}
          existing={event?.images ?? []}
          max={limits.images}
          errors={errors}
        />

        <FilmsField max={limits.movies} initial={event?.youtube ?? []} errors={errors} />

        <div>
          <SubmitButton pending={pending}>{t(isEdit ? 'submit_edit' : 'submit_create')}</SubmitButton>
        </div>
      </form>

      <BuyPackagesDialog
        open={packagesOpen}
        onClose={() => setPackagesOpen(false)}
        // Opened on arrival or after a 402 (the submit button was disabled meanwhile): back to the notice.
        fallbackFocus={() => packagesButton.current}
      />
    </>
  );
}

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  name: string;
  label: string;
  errors: FieldErrors;
  hint?: string;
  children: ReactNode;
}

function SelectField({ name, label, errors, hint, children, ...rest }: SelectProps) {
  const id = useId();
  const messages = useFieldError(errors, name);
  const describedBy = [hint ? `${id}-hint` : '', messages.length ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
        {rest.required && (
          <span aria-hidden className="text-red-700">
            {' '}
            *
          </span>
        )}
      </label>
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

/**
 * The banner and the photos. Kept photos travel as hidden `preloaded[]` ids, new ones as `images[]`;
 * together they may not exceed the plan's count. The radio group `default_image` names the main
 * photo: "id:<imageId>" for a kept one, "new:<index>" for the n-th new file.
 */
function PhotosSection({
  banner,
  existing,
  max,
  errors,
}: {
  banner: string | null;
  existing: EventFormValues['images'];
  max: number;
  errors: FieldErrors;
}) {
  const t = useTranslations('event_form');
  const id = useId();
  const [kept, setKept] = useState(existing);
  const [files, setFiles] = useState<File[]>([]);
  const [previews, setPreviews] = useState<string[]>([]);
  const [selected, setSelected] = useState<string | null>(() => {
    const main = existing.find((i) => i.is_default) ?? existing[0];
    return main ? `id:${main.id}` : null;
  });
  const [trimmedTo, setTrimmedTo] = useState<number | null>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const section = useRef<HTMLFieldSetElement>(null);
  const imageMessages = useFieldError(errors, 'images');
  const defaultMessages = useFieldError(errors, 'default_image');
  const remaining = Math.max(0, max - kept.length);

  // A preview lives as long as its selection: replaced or unmounted, its object URL is freed.
  useEffect(() => {
    const urls = files.map((file) => URL.createObjectURL(file));
    setPreviews(urls);
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [files]);

  useEffect(() => {
    if (focusIndex === null || !section.current) return;
    const buttons = section.current.querySelectorAll<HTMLElement>('[data-remove-image]');
    (
      buttons[Math.min(focusIndex, buttons.length - 1)] ??
      section.current.querySelector<HTMLElement>('input[name="default_image"]') ??
      section.current.querySelector<HTMLElement>('input[name="images[]"]')
    )?.focus();
    setFocusIndex(null);
  }, [focusIndex]);

  // Runs after ImageInput has dropped files over 2 MB: keeps only as many as the plan still allows.
  const onFilesChange = (event: FormEvent<HTMLDivElement>) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== 'file') return;
    let list = Array.from(input.files ?? []);
    if (list.length > remaining) {
      list = list.slice(0, remaining);
      const allowed = new DataTransfer();
      for (const file of list) allowed.items.add(file);
      input.files = allowed.files;
      setTrimmedTo(remaining);
    } else {
      setTrimmedTo(null);
    }
    setFiles(list);
  };

  const options = [...kept.map((i) => `id:${i.id}`), ...files.map((_, i) => `new:${i}`)];
  const main = selected !== null && options.includes(selected) ? selected : options[0];

  let status: string;
  if (max === 0) status = t('photos.none');
  else if (remaining === 0) status = t('photos.full', { max });
  else status = t('photos.limit', { max, remaining });

  const tile = ({
    key,
    value,
    url,
    label,
    removeLabel,
    onRemove,
  }: {
    key: string;
    value: string;
    url: string | undefined;
    label: string;
    removeLabel?: string;
    onRemove?: () => void;
  }) => (
    <li key={key} className="relative min-w-0 rounded-lg border border-slate-200 p-2">
      {url ? (
        <img src={url} alt="" className="aspect-[4/3] w-full rounded-md bg-slate-100 object-cover" />
      ) : (
        <span aria-hidden className="block aspect-[4/3] w-full rounded-md bg-slate-100" />
      )}
      <label className="mt-1 flex min-h-11 min-w-0 cursor-pointer items-center gap-2">
        <input
          type="radio"
          name="default_image"
          value={value}
          checked={main === value}
          onChange={() => setSelected(value)}
          className="h-5 w-5 shrink-0 accent-brand-600"
        />
        <span className="truncate text-sm" title={label}>
          {label}
        </span>
      </label>
      {onRemove && (
        <button
          type="button"
          data-remove-image
          onClick={onRemove}
          aria-label={removeLabel}
          className={`absolute top-3 right-3 ${iconButtonClass}`}
        >
          <X aria-hidden size={18} />
        </button>
      )}
    </li>
  );

  return (
    <fieldset ref={section} className={sectionClass}>
      <legend className={legendClass}>{t('sections.photos')}</legend>
      <div className="grid content-start gap-2">
        {banner && (
          <>
            <img
              src={banner}
              alt={t('current_banner')}
              className="aspect-[3/1] w-full max-w-xl rounded-lg border border-slate-200 object-cover"
            />
            <p className={hintClass}>{t('banner_replace')}</p>
          </>
        )}
        <ImageInput name="banner" label={t('banner')} errors={errors} />
      </div>

      <div className="grid gap-1 border-t border-slate-200 pt-4">
        <p className="font-medium text-slate-800">{t('photos.title')}</p>
        <p className={hintClass}>{status}</p>
      </div>
      {kept.map((image) => (
        <input key={image.id} type="hidden" name="preloaded[]" value={image.id} />
      ))}
      {options.length > 0 && (
        <fieldset
          aria-describedby={defaultMessages.length ? `${id}-hint ${id}-error` : `${id}-hint`}
          className="grid min-w-0 gap-2"
        >
          <legend className="text-sm font-medium text-slate-800">{t('photos.default_legend')}</legend>
          <p id={`${id}-hint`} className={hintClass}>
            {t('photos.default_hint')}
          </p>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
            {kept.map((image, index) =>
              tile({
                key: `id-${image.id}`,
                value: `id:${image.id}`,
                url: image.url,
                label: t('photos.existing_item', { n: index + 1 }),
                removeLabel: t('photos.remove', { n: index + 1 }),
                onRemove: () => {
                  setKept((list) => list.filter((i) => i.id !== image.id));
                  setFocusIndex(index);
                },
              }),
            )}
            {files.map((file, index) =>
              tile({
                key: `new-${index}-${file.name}`,
                value: `new:${index}`,
                url: previews[index],
                label: t('photos.new_item', { name: file.name }),
              }),
            )}
          </ul>
          <ErrorText id={`${id}-error`} messages={defaultMessages} />
        </fieldset>
      )}
      {remaining > 0 ? (
        <div onChange={onFilesChange}>
          <ImageInput name="images[]" label={t('photos.add')} errors={errors} multiple />
          {trimmedTo !== null && (
            <p role="status" className="mt-1 text-sm text-amber-800">
              {t('photos.trimmed', { count: trimmedTo })}
            </p>
          )}
        </div>
      ) : (
        <ErrorText id={`${id}-images-error`} messages={imageMessages} />
      )}
    </fieldset>
  );
}

interface Entry {
  key: number;
  value: string;
}

/** The YouTube films: a growing list of `youtube[]` inputs, at most the plan's count. */
function FilmsField({ max, initial, errors }: { max: number; initial: string[]; errors: FieldErrors }) {
  const t = useTranslations('event_form.youtube');
  const tf = useTranslations('event_form');
  const id = useId();
  const nextKey = useRef(initial.length);
  const [entries, setEntries] = useState<Entry[]>(() => initial.map((value, key) => ({ key, value })));
  const [focus, setFocus] = useState<number | 'add' | null>(null);
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const groupMessages = useFieldError(errors, 'youtube');

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
  const rows = entries.map((entry, index) => (
    <FilmEntry
      key={entry.key}
      number={index + 1}
      value={entry.value}
      // The schema drops empty entries first, so its `youtube.<i>` is the i-th entry that is filled.
      errorKey={entry.value !== '' ? `youtube.${filled++}` : null}
      errors={errors}
      inputRef={(el) => {
        if (el) inputs.current.set(entry.key, el);
        else inputs.current.delete(entry.key);
      }}
      onChange={(value) => setEntries((list) => list.map((e) => (e.key === entry.key ? { ...e, value } : e)))}
      onRemove={() => remove(index)}
    />
  ));

  let limitText: string | null = null;
  if (max === 0) limitText = t('none');
  else if (entries.length >= max) limitText = t('full', { max });

  return (
    <fieldset
      aria-describedby={groupMessages.length ? `${id}-hint ${id}-error` : `${id}-hint`}
      className={sectionClass}
    >
      <legend className={legendClass}>{tf('sections.youtube')}</legend>
      <p id={`${id}-hint`} className={hintClass}>
        {t('hint')}
        {max > 0 && ` ${t('limit', { max })}`}
      </p>
      {rows.length > 0 && <ul className="grid gap-3">{rows}</ul>}
      {limitText ? (
        <p className="text-sm text-slate-700">{limitText}</p>
      ) : (
        <button ref={addButton} type="button" onClick={add} className={addButtonClass}>
          <Plus aria-hidden size={18} />
          {t('add')}
        </button>
      )}
      <ErrorText id={`${id}-error`} messages={groupMessages} />
    </fieldset>
  );
}

function FilmEntry({
  number,
  value,
  errorKey,
  errors,
  inputRef,
  onChange,
  onRemove,
}: {
  number: number;
  value: string;
  errorKey: string | null;
  errors: FieldErrors;
  inputRef: (el: HTMLInputElement | null) => void;
  onChange: (value: string) => void;
  onRemove: () => void;
}) {
  const t = useTranslations('event_form.youtube');
  const id = useId();
  const messages = useFieldError(errors, errorKey ?? '');
  return (
    <li>
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="sr-only">
          {t('item', { n: number })}
        </label>
        <input
          id={id}
          ref={inputRef}
          name="youtube[]"
          type="text"
          inputMode="url"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          maxLength={500}
          placeholder={t('placeholder')}
          aria-invalid={messages.length > 0}
          aria-describedby={messages.length ? `${id}-error` : undefined}
          className={inputClass}
        />
        <button
          type="button"
          onClick={onRemove}
          aria-label={t('remove', { n: number })}
          className={iconButtonClass}
        >
          <X aria-hidden size={18} />
        </button>
      </div>
      <ErrorText id={`${id}-error`} messages={messages} />
    </li>
  );
}
