'use client';

import { useTranslations } from 'next-intl';
import type { FieldErrors } from '@/components/forms/field-errors';
import { TextField } from '@/components/forms/fields';
import { FormSection, shrinkingSectionClass } from '@/components/forms/form-section';
import { eventDayWindow, timeStepSeconds } from '@/lib/form-limits';
import type { EventFormValues } from '@/lib/schemas/event-form-values';

/** When the event starts and ends: a date and a time each, in Warsaw time. */
export function EventDatesSection({ event, errors }: { event?: EventFormValues; errors: FieldErrors }) {
  const t = useTranslations('event_form');
  const allowed = eventDayWindow();
  return (
    <FormSection legend={t('sections.dates')} hint={t('dates_hint')} className={shrinkingSectionClass}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          type="date"
          name="start_date"
          label={t('start_date')}
          errors={errors}
          required
          min={allowed.min}
          max={allowed.max}
          defaultValue={event?.start_date}
        />
        <TextField
          type="time"
          step={timeStepSeconds}
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
          min={allowed.min}
          max={allowed.max}
          defaultValue={event?.end_date}
        />
        <TextField
          type="time"
          step={timeStepSeconds}
          name="end_date_h"
          label={t('end_time')}
          errors={errors}
          required
          defaultValue={event?.end_date_h}
        />
      </div>
    </FormSection>
  );
}
