'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import type { FieldErrors } from '@/components/forms/field-errors';
import { ErrorText, inputClass, useFieldError } from '@/components/forms/fields';
import { FormSection } from '@/components/forms/form-section';
import { timeStepSeconds, weekDays } from '@/lib/form-limits';
import type { OpeningHoursDay } from './company-form-initial';

const dayKeys = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** The opening hours card: one row per day of the week, Monday first. */
export function CompanyHoursSection({ hours, errors }: { hours: OpeningHoursDay[]; errors: FieldErrors }) {
  const t = useTranslations('company_form');
  const byDay = new Map(hours.map((h) => [h.weekDay, h]));
  return (
    <FormSection legend={t('sections.hours')} hint={t('hours.hint')}>
      <div className="divide-y divide-slate-200">
        {weekDays.map((day) => {
          const h = byDay.get(day);
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
    </FormSection>
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
        step={timeStepSeconds}
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

  // Errors of the pair are reported under "closed", so only that box is marked invalid.
  const flagInput = (which: 'closed' | 'wholeDay', name: 'closed' | 'whole_day', invalid?: boolean) => (
    <label className="flex min-h-11 cursor-pointer items-center gap-2">
      <input
        type="checkbox"
        name={`place_hours_${name}[${day}]`}
        value="1"
        checked={state[which]}
        onChange={(event) => tick(which, event.currentTarget.checked)}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        className="h-5 w-5 accent-brand-600"
      />
      {t(`hours.${name}`)}
    </label>
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
          {flagInput('closed', 'closed', flagErrors.length > 0)}
          {flagInput('wholeDay', 'whole_day')}
        </div>
        <div className="col-span-full">
          <ErrorText id={`${id}-error`} messages={messages} />
        </div>
      </div>
    </fieldset>
  );
}
