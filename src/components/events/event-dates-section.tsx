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
  return (
    <FormSection legend={t('sections.dates')} hint={t('dates_hint')} className={shrinkingSectionClass}>
      <div className="grid gap-4 sm:grid-cols-2">
        <DayAndTime edge="start" event={event} errors={errors} />
        <DayAndTime edge="end" event={event} errors={errors} />
      </div>
    </FormSection>
  );
}

/** One end of the event: its day, within the days a form may choose, and its time. */
function DayAndTime({
  edge,
  event,
  errors,
}: {
  edge: 'start' | 'end';
  event?: EventFormValues;
  errors: FieldErrors;
}) {
  const t = useTranslations('event_form');
  const allowed = eventDayWindow();
  return (
    <>
      <TextField
        type="date"
        name={`${edge}_date`}
        label={t(`${edge}_date`)}
        errors={errors}
        required
        min={allowed.min}
        max={allowed.max}
        defaultValue={event?.[`${edge}_date`]}
      />
      <TextField
        type="time"
        step={timeStepSeconds}
        name={`${edge}_date_h`}
        label={t(`${edge}_time`)}
        errors={errors}
        required
        defaultValue={event?.[`${edge}_date_h`]}
      />
    </>
  );
}
