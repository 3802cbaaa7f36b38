'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useMemo } from 'react';
import { CheckboxGroup, type Option } from '@/components/forms/checkbox-group';
import { SubmitButton } from '@/components/forms/fields';
import { FilmsField } from '@/components/forms/films-field';
import { FormSection, hintClass } from '@/components/forms/form-section';
import { type FormCheck, useApiForm } from '@/components/forms/use-api-form';
import { usePreloadWhenIdle } from '@/components/forms/use-schema-form';
import { useApi } from '@/components/hooks/use-api';
import { LocationField } from '@/components/map/location-field';
import type { MapSettings } from '@/components/map/map-settings';
import { CompanyBasicSection } from './company-basic-section';
import type { CompanyFormInitial } from './company-form-initial';
import { CompanyGallerySection } from './company-gallery-section';
import { CompanyHomeAdSection, type HomeAdOffer, homeAdErrors, homeAdFlag } from './company-home-ad-section';
import { CompanyHoursSection } from './company-hours-section';
import { CompanyTextList } from './company-text-list';

/** Where the place pages send the form: `POST /api/place`, or `POST /api/place/{id}` with `_method=PUT`. */
export interface PlaceEndpoint {
  url: string;
  method: 'create' | 'update';
}

/** The API's answer to a saved place (spec §7 POST /api/place/{id}). */
export interface SavedPlace {
  data: { id: number };
}

// The API's schemas, loaded after the page (SchemaLoader): zod stays out of the page's first load.
const loadSchemas = () => import('@/lib/schemas/place-profile');

/** The schema's cap on films, whatever the plan allows. */
const maxFilms = 100;

/**
 * The shared schema of the API, checked before sending; registration adds the ad box's browser-only
 * rule (a ticked box needs a name). Should the schemas fail to load, the API's own check answers.
 */
function checkCompany(isEdit: boolean): FormCheck<unknown> {
  return async (values) => {
    const loaded = await Promise.all([loadSchemas(), import('@/lib/validation')]).catch(() => null);
    if (!loaded) return { ok: true, values };
    const [schemas, { fieldMessages }] = loaded;
    const schema = isEdit ? schemas.placeProfileBodySchema : schemas.companyRegistrationBodySchema;
    const result = schema.safeParse(values, { reportInput: true });
    const adErrors = isEdit ? {} : homeAdErrors(values);
    if (result.success && !Object.keys(adErrors).length) return { ok: true, values: result.data };
    return { ok: false, errors: { ...(result.success ? {} : fieldMessages(result.error)), ...adErrors } };
  };
}

/**
 * The organiser form (spec §2, §4, §5): registration of a company with its place, or the edit of the
 * company's place on /profile, where the login fields and the password block are hidden. With an
 * `endpoint` it is the place form of /account/create-place and /account/edit-place/{id}: no login
 * fields either, and `onSaved` gets the API's answer. With `map` it offers the location picker. With
 * `homeAd` (registration and /profile) it offers the home-page ad (spec §2).
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
  homeAd,
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
  /** The home-page ad offer (price in PLN); without it, or at no price, no ad box. */
  homeAd?: HomeAdOffer;
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
        body.delete(homeAdFlag);
        await api('/api/company', { method: 'POST', body, overlay: true });
        onRegistered?.();
      }
    },
    [api, endpoint, isEdit, userId, onSaved, onRegistered],
  );
  const check = useMemo(() => checkCompany(isEdit), [isEdit]);
  usePreloadWhenIdle(loadSchemas);
  const { errors, pending, onSubmit } = useApiForm(submit, check);

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

      <CompanyBasicSection
        withLogin={!isEdit}
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

      <CheckboxGroup
        name="languages"
        legend={t('sections.languages')}
        hint={t('languages_hint')}
        options={languages}
        checked={initial?.languages ?? []}
        errors={errors}
        asSection
      />

      <CompanyTextList name="attractions" initial={initial?.attractions ?? []} errors={errors} />
      <CompanyTextList name="additional_infos" initial={initial?.additional_infos ?? []} errors={errors} />
      <FilmsField
        messages="company_form.youtube"
        legend={t('sections.youtube')}
        max={Math.min(limits.movies, maxFilms)}
        initial={initial?.youtube ?? []}
        errors={errors}
      />

      <CompanyGallerySection
        existing={showsStored ? (initial?.images ?? []) : []}
        max={limits.images}
        errors={errors}
      />

      <CompanyHoursSection hours={initial?.hours ?? []} errors={errors} />

      {homeAd && homeAd.price > 0 && !endpoint && (
        <CompanyHomeAdSection
          mode={isEdit ? 'edit' : 'register'}
          offer={homeAd}
          placeName={initial?.name}
          errors={errors}
        />
      )}

      <div>
        <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
