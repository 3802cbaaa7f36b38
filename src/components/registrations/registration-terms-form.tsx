'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { SelectField, SubmitButton, TextField } from '@/components/forms/fields';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { useApi } from '@/components/hooks/use-api';
import { useRouter } from '@/components/hooks/use-router';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toasts';
import type { ApiBody } from '@/lib/api-client';

const termsSchema = () => import('@/lib/schemas/registrations').then((m) => m.registrationTermsSchema);

/** The terms as the form starts from them (`datetime-local` values in Warsaw time). */
export interface TermsInitial {
  capacity: number | null;
  per_person: number;
  approval: boolean;
  closes_at: string;
  only_date: string;
}

/**
 * Issue 33: the organiser turns registration on, changes its terms, or turns it off while nobody is registered.
 * `dates` are a series' coming dates (value: the original start as ISO, label: the date as shown).
 */
export function RegistrationTermsForm({
  eventId,
  initial,
  enabled,
  dates,
}: {
  eventId: number;
  initial: TermsInitial;
  enabled: boolean;
  dates: { value: string; label: string }[] | null;
}) {
  const t = useTranslations('registrants_page');
  const api = useApi();
  const router = useRouter();
  const [removing, setRemoving] = useState(false);
  const { errors, pending, onSubmit } = useSchemaForm(termsSchema, async (form) => {
    const data = Object.fromEntries(new FormData(form));
    const answer = await api('/api/event/{id}/registration', {
      method: 'PUT',
      params: { id: eventId },
      // The raw fields, for the server to check (a 422 comes back by field).
      body: { ...data, approval: form.approval.checked } as ApiBody<'/api/event/{id}/registration', 'PUT'>,
    });
    toast.success(answer.message);
    router.refresh();
  });
  const turnOff = async () => {
    setRemoving(true);
    try {
      await api('/api/event/{id}/registration', { method: 'DELETE', params: { id: eventId } });
      toast.success(t('turned_off'));
      router.refresh();
    } catch {
      // useApi has shown why (people are registered).
    } finally {
      setRemoving(false);
    }
  };
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <TextField
        name="capacity"
        label={t('capacity')}
        errors={errors}
        inputMode="numeric"
        required
        defaultValue={initial.capacity ?? ''}
        hint={dates ? t('capacity_series_hint') : undefined}
      />
      <TextField
        name="per_person"
        label={t('per_person')}
        errors={errors}
        inputMode="numeric"
        defaultValue={initial.per_person}
      />
      <TextField
        name="closes_at"
        type="datetime-local"
        label={t('closes_at')}
        errors={errors}
        defaultValue={initial.closes_at}
        hint={t('closes_at_hint')}
      />
      {dates && (
        <SelectField name="only_date" label={t('only_date')} errors={errors} defaultValue={initial.only_date}>
          <option value="">{t('every_date')}</option>
          {dates.map((d) => (
            <option key={d.value} value={d.value}>
              {d.label}
            </option>
          ))}
        </SelectField>
      )}
      <div className="sm:col-span-2">
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            name="approval"
            defaultChecked={initial.approval}
            className="size-5 accent-brand-600"
          />
          {t('approval')}
        </label>
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <SubmitButton pending={pending}>{t(enabled ? 'save_terms' : 'turn_on')}</SubmitButton>
        {enabled && (
          <Button variant="secondary" onClick={turnOff} disabled={removing}>
            {t('turn_off')}
          </Button>
        )}
      </div>
    </form>
  );
}
