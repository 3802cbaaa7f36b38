'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useCallback, useRef, useState } from 'react';
import type { AttributeOption } from '@/components/attributes/attributes-fieldset';
import { BuyPackagesDialog } from '@/components/calendar/buy-packages-dialog';
import type { Option } from '@/components/forms/checkbox-group';
import { SubmitButton } from '@/components/forms/fields';
import { FilmsField } from '@/components/forms/films-field';
import { hintClass, shrinkingSectionClass } from '@/components/forms/form-section';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { ApiError, useApi } from '@/components/hooks/use-api';
import { useRouter } from '@/components/hooks/use-router';
import { AddPlaceLink } from '@/components/places/add-place-link';
import { Button } from '@/components/ui/button';
import type { EventFormPlace, EventFormValues } from '@/lib/schemas/event-form-values';
import { EventBasicSection } from './event-basic-section';
import { EventDatesSection } from './event-dates-section';
import { EventLinksSection } from './event-links-section';
import { EventPhotosSection } from './event-photos-section';
import { EventPlaceSection } from './event-place-section';
import { EventPricesSection } from './event-prices-section';
import { EventRepeatSection } from './event-repeat-section';

// Issue 30: the attributes' checkboxes, loaded apart, out of the page's first load.
const AttributesFieldset = dynamic(() =>
  import('@/components/attributes/attributes-fieldset').then((m) => m.AttributesFieldset),
);

// The API's schema, loaded after the page (SchemaLoader): zod stays out of the page's first load.
const loadCreateSchema = () => import('@/lib/schemas/event').then((m) => m.createEventBodySchema);
const loadUpdateSchema = () => import('@/lib/schemas/event').then((m) => m.updateEventBodySchema);

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
  attributes = [],
}: {
  places: EventFormPlace[];
  categories: Option[];
  /** Issue 30: the attributes that apply to events (checkboxes by group). */
  attributes?: AttributeOption[];
  limits: { images: number; movies: number };
  eventsLeft: number;
  event?: EventFormValues;
}) {
  const t = useTranslations('event_form');
  const api = useApi();
  const router = useRouter();
  const isEdit = event !== undefined;
  const [left, setLeft] = useState(eventsLeft);
  // A refresh of the page brings a new count (a deleted event gave its creation back): it wins.
  const [givenLeft, setGivenLeft] = useState(eventsLeft);
  if (givenLeft !== eventsLeft) {
    setGivenLeft(eventsLeft);
    setLeft(eventsLeft);
  }
  const [packagesOpen, setPackagesOpen] = useState(!isEdit && eventsLeft <= 0);
  const packagesButton = useRef<HTMLButtonElement>(null);

  const submit = useCallback(
    async (form: HTMLFormElement) => {
      if (!isEdit && left <= 0) {
        setPackagesOpen(true);
        return;
      }
      const body = new FormData(form);
      if (isEdit) body.set('_method', 'PUT');
      try {
        const options = { method: 'POST', body, overlay: true, successToast: true } as const;
        const result = event
          ? await api('/api/event/{id}', { ...options, params: { id: event.id } })
          : await api('/api/event', options);
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
  const { errors, pending, onSubmit } = useSchemaForm(isEdit ? loadUpdateSchema : loadCreateSchema, submit);

  if (!isEdit && places.length === 0) return <NoPlaces />;

  return (
    <>
      {!isEdit && left <= 0 && (
        <div className="mb-6 grid justify-items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p>{t('quota_empty')}</p>
          <Button
            ref={packagesButton}
            variant="accent"
            onClick={() => setPackagesOpen(true)}
            aria-haspopup="dialog"
          >
            {t('show_packages')}
          </Button>
        </div>
      )}

      <form
        aria-label={t(isEdit ? 'form_edit' : 'form_create')}
        noValidate
        onSubmit={onSubmit}
        className="grid gap-6"
      >
        <p className={hintClass}>{t('required_note')}</p>
        <EventBasicSection categories={categories} event={event} errors={errors} />
        <EventPlaceSection places={places} event={event} errors={errors} />
        <EventDatesSection event={event} errors={errors} />
        <EventRepeatSection repeat={event?.repeat ?? null} errors={errors} />
        <EventPricesSection event={event} errors={errors} />
        <EventLinksSection event={event} errors={errors} />
        <AttributesFieldset options={attributes} checked={event?.attribute_ids ?? []} errors={errors} />
        <EventPhotosSection
          banner={event?.banner ?? null}
          existing={event?.images ?? []}
          max={limits.images}
          errors={errors}
        />
        <FilmsField
          messages="event_form.youtube"
          legend={t('sections.youtube')}
          max={limits.movies}
          initial={event?.youtube ?? []}
          errors={errors}
          className={shrinkingSectionClass}
        />
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

/** Events take place at the organiser's places: with none yet, the way to add one. */
function NoPlaces() {
  const t = useTranslations('event_form');
  return (
    <div className="grid justify-items-start gap-4 rounded-xl border border-dashed border-slate-300 bg-white p-6">
      <p className="text-slate-700">{t('no_places')}</p>
      <AddPlaceLink label={t('add_place')} />
    </div>
  );
}
