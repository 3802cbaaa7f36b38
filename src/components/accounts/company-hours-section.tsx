'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import type { FieldErrors } from '@/components/forms/field-errors';
import { ErrorText, useFieldError } from '@/components/forms/fields';
import { FormSection } from '@/components/forms/form-section';
import { weekDays } from '@/lib/form-limits';
import type { OpeningHoursDay } from './company-form-initial';
import { type DayHours, HoursInputs } from './hours-inputs';

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

/** One day of the opening hours. */
function DayRow({ day, initial, errors }: { day: number; initial: DayHours; errors: FieldErrors }) {
  const t = useTranslations('company_form');
  const id = useId();
  const [hours, setHours] = useState(initial);
  const fromErrors = useFieldError(errors, `place_hours_from.${day}`);
  const toErrors = useFieldError(errors, `place_hours_to.${day}`);
  const flagErrors = useFieldError(errors, `place_hours_closed.${day}`);
  const messages = [...new Set([...fromErrors, ...toErrors, ...flagErrors])];
  const dayKey = dayKeys[day - 1] ?? 'monday';

  return (
    <fieldset data-day={day} className="min-w-0 py-3">
      <legend className="pb-2 font-medium md:float-left md:w-40 md:pt-8.5 md:pb-0">
        {t(`days.${dayKey}`)}
      </legend>
      <div className="grid grid-cols-2 items-end gap-x-3 gap-y-2 md:grid-cols-[9rem_9rem_1fr]">
        <HoursInputs
          id={id}
          prefix="place_hours"
          index={day}
          hours={hours}
          onChange={(patch) => setHours((h) => ({ ...h, ...patch }))}
          invalid={{ from: fromErrors.length > 0, to: toErrors.length > 0, closed: flagErrors.length > 0 }}
          describedBy={messages.length ? `${id}-error` : undefined}
        />
        <div className="col-span-full">
          <ErrorText id={`${id}-error`} messages={messages} />
        </div>
      </div>
    </fieldset>
  );
}
