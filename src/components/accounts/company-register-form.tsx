'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Option } from '@/components/forms/checkbox-group';
import type { FieldErrors } from '@/components/forms/field-errors';
import { hintClass } from '@/components/forms/form-section';
import { readFormValues } from '@/components/forms/read-form-values';
import { StepProgress } from '@/components/forms/step-progress';
import { type FormCheck, useApiForm } from '@/components/forms/use-api-form';
import { usePreloadWhenIdle } from '@/components/forms/use-schema-form';
import { useApi } from '@/components/hooks/use-api';
import { Button } from '@/components/ui/button';
import {
  type CompanyRegistrationStep,
  companyRegistrationSteps,
  stepOfField,
} from '@/lib/schemas/company-registration-steps';
import { CompanyAccountSection } from './company-account-section';
import { CompanyBasicSection } from './company-basic-section';
import { CompanyExtrasSections } from './company-extras-sections';
import { CompanyHomeAdSection, type HomeAdOffer, homeAdErrors, homeAdFlag } from './company-home-ad-section';
import { CompanyHoursSection } from './company-hours-section';

// The API's schema, loaded after the page (SchemaLoader): zod stays out of the page's first load.
const loadSchema = () => import('@/lib/schemas/place-profile').then((m) => m.companyRegistrationBodySchema);

const lastStep = companyRegistrationSteps.length - 1;

/**
 * The whole form's errors by the API's schema and the ad box's browser-only rule (a ticked box needs a
 * name); null when the schema could not be loaded, and then the API's own check answers.
 */
async function registrationErrors(values: Record<string, unknown>): Promise<FieldErrors | null> {
  const loaded = await Promise.all([loadSchema(), import('@/lib/validation')]).catch(() => null);
  if (!loaded) return null;
  const [schema, { fieldMessages }] = loaded;
  const result = schema.safeParse(values, { reportInput: true });
  return { ...(result.success ? {} : fieldMessages(result.error)), ...homeAdErrors(values) };
}

const checkRegistration: FormCheck<unknown> = async (values) => {
  const errors = await registrationErrors(values);
  return errors && Object.keys(errors).length ? { ok: false, errors } : { ok: true, values };
};

/** The errors of one step's fields only: a step is checked before the next, not against the later ones. */
function errorsOfStep(errors: FieldErrors, step: number): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => stepOfField(key) === step));
}

/**
 * The organiser's sign-up (spec §2, issue 29) in four steps: account, place, hours and extras, the
 * home-page ad last. Every step stays mounted and only the current one shows, so going back keeps what
 * was typed and the files chosen, and the final submit sends the whole form as one request to
 * POST /api/company. Each step is checked by the API's schema, its own fields only, before the next.
 */
export function CompanyRegisterForm({
  categories,
  languages,
  limits,
  homeAd,
  onRegistered,
}: {
  categories: Option[];
  languages: Option[];
  limits: { images: number; movies: number };
  /** The home-page ad offer (price in PLN); at no price, no ad box. */
  homeAd: HomeAdOffer;
  onRegistered: () => void;
}) {
  const t = useTranslations('company_form');
  const api = useApi();
  const [step, setStep] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const panels = useRef<(HTMLDivElement | null)[]>([]);

  const goTo = useCallback((next: number) => {
    flushSync(() => setStep(next));
    heading.current?.focus();
  }, []);

  // Errors may be of an earlier step (the API refusing a common password): show the first such step.
  const reveal = useCallback((_form: HTMLFormElement, found: FieldErrors) => {
    const keys = Object.keys(found);
    const target = keys.length ? Math.min(...keys.map(stepOfField)) : lastStep;
    flushSync(() => setStep(target));
    const invalid = panels.current[target]?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? heading.current)?.focus();
  }, []);

  const submit = useCallback(
    async (form: HTMLFormElement) => {
      const body = new FormData(form);
      body.delete(homeAdFlag);
      await api('/api/company', { method: 'POST', body, overlay: true });
      onRegistered();
    },
    [api, onRegistered],
  );
  usePreloadWhenIdle(loadSchema);
  const { errors, setErrors, pending, onSubmit } = useApiForm(submit, checkRegistration, reveal);

  // Enter in a field of an earlier step submits the form too: it moves on, like "Next".
  const onStepSubmit = async (event: FormEvent<HTMLFormElement>) => {
    if (step === lastStep) return onSubmit(event);
    event.preventDefault();
    const form = event.currentTarget;
    const all = await registrationErrors(readFormValues(form));
    const found = all ? errorsOfStep(all, step) : {};
    if (Object.keys(found).length) {
      flushSync(() => setErrors(found));
      reveal(form, found);
      return;
    }
    setErrors({});
    goTo(step + 1);
  };

  const names = companyRegistrationSteps.map((name) => t(`steps.${name}`));
  const panel = (name: CompanyRegistrationStep) => {
    const index = companyRegistrationSteps.indexOf(name);
    return {
      ref: (node: HTMLDivElement | null) => {
        panels.current[index] = node;
      },
      hidden: index !== step,
      'data-step': name,
      className: 'grid gap-6',
    };
  };

  return (
    <form
      method="post"
      aria-label={t('form_register')}
      noValidate
      onSubmit={onStepSubmit}
      className="grid gap-6"
    >
      <StepProgress
        label={t('steps.progress')}
        steps={names}
        current={step}
        heading={t('steps.heading', { n: step + 1, total: names.length, name: names[step] ?? '' })}
        headingRef={heading}
      />
      <p className={hintClass}>{t('required_note')}</p>

      <div {...panel('account')}>
        <CompanyAccountSection errors={errors} />
      </div>
      <div {...panel('place')}>
        <CompanyBasicSection showsStored={false} categories={categories} errors={errors} />
      </div>
      <div {...panel('hours')}>
        <CompanyHoursSection hours={[]} errors={errors} />
      </div>
      <div {...panel('extras')}>
        <CompanyExtrasSections languages={languages} limits={limits} images={[]} errors={errors} />
        {homeAd.price > 0 && <CompanyHomeAdSection mode="register" offer={homeAd} errors={errors} />}
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3">
        {step > 0 && (
          <Button variant="secondary" onClick={() => goTo(step - 1)}>
            {t('steps.back')}
          </Button>
        )}
        <Button type="submit" disabled={pending} className="ml-auto">
          {step === lastStep ? t('submit_register') : t('steps.next')}
        </Button>
      </div>
    </form>
  );
}
