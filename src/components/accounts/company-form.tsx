'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { type ReactNode, useCallback } from 'react';
import type { Option } from '@/components/forms/checkbox-group';
import type { FieldErrors } from '@/components/forms/field-errors';
import { SubmitButton } from '@/components/forms/fields';
import { FormSection, hintClass } from '@/components/forms/form-section';
import { type FormCheck, useApiForm } from '@/components/forms/use-api-form';
import { usePreloadWhenIdle } from '@/components/forms/use-schema-form';
import { useApi } from '@/components/hooks/use-api';
import { LocationField } from '@/components/map/location-field';
import type { MapSettings } from '@/components/map/map-settings';
import type { ApiAnswer, ApiUrl } from '@/lib/api-client';
import { CompanyBasicSection } from './company-basic-section';
import { CompanyExtrasSections } from './company-extras-sections';
import type { CompanyFormInitial } from './company-form-initial';
import type { HomeAdOffer } from './company-home-ad-section';
import { CompanyHoursSection } from './company-hours-section';

/** Where the place pages send the form: `POST /api/place`, or `POST /api/place/{id}` with `_method=PUT`. */
export interface PlaceEndpoint {
  url: ApiUrl;
  method: 'create' | 'update';
}

/** The API's answer to a saved place (spec §7 POST /api/place/{id}). */
export type SavedPlace = ApiAnswer<'/api/place', 'POST'> | ApiAnswer<'/api/place/{id}', 'POST'>;

// The home-page ad box, shown on /profile only: its code (and the checkout's) loads after the page's first
// JavaScript, so the place pages, which never show it, do not carry it (issue 31 kept them in their ceilings).
const CompanyHomeAdSection = dynamic(() =>
  import('./company-home-ad-section').then((m) => m.CompanyHomeAdSection),
);

// The API's schemas, loaded after the page (SchemaLoader): zod stays out of the page's first load.
const loadSchemas = () => import('@/lib/schemas/place-profile');

/** The shared schema of the API, checked before sending. Should it fail to load, the API's own check answers. */
const checkPlaceProfile: FormCheck<unknown> = async (values) => {
  const loaded = await Promise.all([loadSchemas(), import('@/lib/validation')]).catch(() => null);
  if (!loaded) return { ok: true, values };
  const [{ placeProfileBodySchema }, { fieldMessages }] = loaded;
  const result = placeProfileBodySchema.safeParse(values, { reportInput: true });
  return result.success
    ? { ok: true, values: result.data }
    : { ok: false, errors: fieldMessages(result.error) };
};

/**
 * The organiser's place form (spec §2, §4, §5): the edit of the company's place on /profile, or with
 * an `endpoint` the place form of /account/create-place and /account/edit-place/{id}, where `onSaved`
 * gets the API's answer. With `map` it offers the location picker. With `homeAd` (/profile) it offers
 * the home-page ad (spec §2). The sign-up has its own form in steps (CompanyRegisterForm).
 */
export function CompanyForm({
  userId,
  categories,
  languages,
  limits,
  initial,
  endpoint,
  map,
  homeAd,
  attributes,
  onSaved,
  afterHours,
}: {
  userId?: number;
  categories: Option[];
  languages: Option[];
  limits: { images: number; movies: number };
  initial?: CompanyFormInitial;
  endpoint?: PlaceEndpoint;
  map?: MapSettings;
  /** The home-page ad offer (price in PLN); without it, or at no price, no ad box. */
  homeAd?: HomeAdOffer;
  /**
   * Issue 30: the place pages' attribute checkboxes (PlaceForm), drawn with the form's errors; given by
   * the caller so that /profile's form does not carry them.
   */
  attributes?: (errors: FieldErrors) => React.ReactNode;
  /** Called after a save; with an `endpoint`, with the API's answer. */
  onSaved?: (result?: SavedPlace) => void;
  /** What follows the opening hours: the place pages' special days (issue 30), given the form's errors. */
  afterHours?: (errors: FieldErrors) => ReactNode;
}) {
  const t = useTranslations('company_form');
  const api = useApi();
  // A new place (possibly copied from another) shows no stored logo, banner or photos.
  const showsStored = endpoint?.method !== 'create';

  const submit = useCallback(
    async (form: HTMLFormElement) => {
      const body = new FormData(form);
      if (endpoint) {
        if (endpoint.method === 'update') body.set('_method', 'PUT');
        const result = (await api(endpoint.url, { method: 'POST', body, overlay: true })) as SavedPlace;
        onSaved?.(result);
      } else {
        if (userId === undefined) throw new Error('CompanyForm: userId is required without an endpoint');
        body.set('_method', 'PUT');
        // No success toast here: the caller shows it (ProfileCompanyForm), once.
        await api('/api/company/{id}', { method: 'POST', params: { id: userId }, body, overlay: true });
        onSaved?.();
      }
    },
    [api, endpoint, userId, onSaved],
  );
  usePreloadWhenIdle(loadSchemas);
  const { errors, pending, onSubmit } = useApiForm(submit, checkPlaceProfile);

  let label: string = t('form_edit');
  let submitLabel: string = t('submit_edit');
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

      <CompanyBasicSection
        showsStored={showsStored}
        categories={categories}
        initial={initial}
        errors={errors}
      />

      {map && (
        <FormSection legend={t('sections.location')} hint={t('location.section_hint')}>
          <LocationField initial={coordinates} settings={map} errors={errors} />
        </FormSection>
      )}

      <CompanyExtrasSections
        languages={languages}
        limits={limits}
        initial={initial}
        images={showsStored ? (initial?.images ?? []) : []}
        errors={errors}
      />

      {attributes?.(errors)}

      <CompanyHoursSection hours={initial?.hours ?? []} errors={errors} />
      {afterHours?.(errors)}

      {homeAd && homeAd.price > 0 && !endpoint && (
        <CompanyHomeAdSection
          mode="edit"
          offer={homeAd}
          placeName={initial?.name || initial?.name_en}
          errors={errors}
        />
      )}

      <div>
        <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
