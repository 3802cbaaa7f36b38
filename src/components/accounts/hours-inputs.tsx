'use client';

import { useTranslations } from 'next-intl';
import { inputClass } from '@/components/forms/fields';
import { timeStepSeconds } from '@/lib/form-limits';

/** One day's hours as the form holds them: times as `HH:MM`, empty when the day has none. */
export interface DayHours {
  from: string;
  to: string;
  closed: boolean;
  wholeDay: boolean;
}

/**
 * The opening and closing times and the "closed" / "open 24 hours" boxes of one day, a weekday's or a
 * special date's: sent as `<prefix>_from[<index>]` and so on. Spec §4: the two boxes exclude each other and
 * clear the times. Errors of the pair are reported under "closed", so only that box is marked invalid.
 */
export function HoursInputs({
  id,
  prefix,
  index,
  hours,
  onChange,
  invalid,
  describedBy,
}: {
  /** The row's id, which the inputs' ids start with. */
  id: string;
  prefix: 'place_hours' | 'special_hours';
  index: number;
  hours: DayHours;
  onChange: (patch: Partial<DayHours>) => void;
  invalid: { from: boolean; to: boolean; closed: boolean };
  describedBy: string | undefined;
}) {
  const t = useTranslations('company_form');
  const noTimes = hours.closed || hours.wholeDay;

  const tick = (which: 'closed' | 'wholeDay', checked: boolean) =>
    onChange(
      checked
        ? { from: '', to: '', closed: which === 'closed', wholeDay: which === 'wholeDay' }
        : { [which]: false },
    );

  const timeInput = (field: 'from' | 'to') => (
    <div>
      <label htmlFor={`${id}-${field}`} className="mb-1 block text-sm font-medium text-slate-800">
        {t(`hours.${field}`)}
      </label>
      <input
        id={`${id}-${field}`}
        type="time"
        step={timeStepSeconds}
        name={`${prefix}_${field}[${index}]`}
        value={hours[field]}
        onChange={(event) => onChange({ [field]: event.currentTarget.value })}
        disabled={noTimes}
        required={!noTimes}
        aria-invalid={invalid[field]}
        aria-describedby={describedBy}
        className={`${inputClass} disabled:bg-slate-100 disabled:text-slate-400`}
      />
    </div>
  );

  const flagInput = (which: 'closed' | 'wholeDay', name: 'closed' | 'whole_day', flagInvalid?: boolean) => (
    <label className="flex min-h-11 cursor-pointer items-center gap-2">
      <input
        type="checkbox"
        name={`${prefix}_${name}[${index}]`}
        value="1"
        checked={hours[which]}
        onChange={(event) => tick(which, event.currentTarget.checked)}
        aria-invalid={flagInvalid}
        aria-describedby={describedBy}
        className="h-5 w-5 accent-brand-600"
      />
      {t(`hours.${name}`)}
    </label>
  );

  return (
    <>
      {timeInput('from')}
      {timeInput('to')}
      <div className="col-span-2 flex flex-wrap gap-x-6 md:col-span-1">
        {flagInput('closed', 'closed', invalid.closed)}
        {flagInput('wholeDay', 'whole_day')}
      </div>
    </>
  );
}
