'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { weekdayName } from '@/components/event-page/weekday-name';
import type { FieldErrors } from '@/components/forms/field-errors';
import { ErrorText, SelectField, TextField, useFieldError } from '@/components/forms/fields';
import { FormSection, hintClass, shrinkingSectionClass } from '@/components/forms/form-section';
import { Button } from '@/components/ui/button';
import { timeStepSeconds } from '@/lib/form-limits';
import type { EventFormRepeat } from '@/lib/schemas/event-form-values';
import { weekdayCodes } from '@/lib/weekdays';

type Freq = '' | EventFormRepeat['freq'];

/**
 * Issue 17: whether and how the event repeats (daily, weekly on chosen days, monthly on a date or a
 * weekday; until a date or a number of times), and the dates of the series that are cancelled or moved.
 * The dates themselves are worked out by the server, which refuses an exception on a date the rule does
 * not give.
 */
export function EventRepeatSection({
  repeat,
  errors,
}: {
  repeat: EventFormRepeat | null;
  errors: FieldErrors;
}) {
  const t = useTranslations('event_form.repeat');
  const [freq, setFreq] = useState<Freq>(repeat?.freq ?? '');
  const [end, setEnd] = useState<EventFormRepeat['end']>(repeat?.end ?? 'until');
  return (
    <FormSection legend={t('legend')} hint={t('hint')} className={shrinkingSectionClass}>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          name="repeat"
          label={t('freq')}
          errors={errors}
          value={freq}
          onChange={(e) => setFreq(e.target.value as Freq)}
        >
          <option value="">{t('none')}</option>
          <option value="daily">{t('daily')}</option>
          <option value="weekly">{t('weekly')}</option>
          <option value="monthly">{t('monthly')}</option>
          {repeat?.freq === 'custom' && <option value="custom">{t('custom')}</option>}
        </SelectField>
        {freq !== '' && freq !== 'custom' && (
          <TextField
            type="number"
            name="repeat_interval"
            label={t(`interval_${freq}`)}
            errors={errors}
            min={1}
            max={12}
            inputMode="numeric"
            defaultValue={repeat?.interval ?? 1}
          />
        )}
      </div>
      {freq === 'custom' && (
        <>
          <input type="hidden" name="repeat_rule" value={repeat?.rule ?? ''} />
          <p className={hintClass}>{t('custom_hint')}</p>
        </>
      )}
      {freq === 'weekly' && <WeekDays checked={repeat?.days ?? []} errors={errors} />}
      {freq === 'monthly' && <MonthlyChoice initial={repeat?.monthly ?? 'date'} />}
      {freq !== '' && freq !== 'custom' && (
        <fieldset className="grid gap-3">
          <legend className="text-sm font-medium text-slate-800">{t('ends')}</legend>
          <Radios
            name="repeat_end"
            choices={[
              ['until', t('end_until')],
              ['count', t('end_count')],
            ]}
            checked={end}
            onChange={setEnd}
          />
          {end === 'until' ? (
            <TextField
              type="date"
              name="repeat_until"
              label={t('until')}
              errors={errors}
              required
              defaultValue={repeat?.until ?? ''}
              className="sm:max-w-xs"
            />
          ) : (
            <TextField
              type="number"
              name="repeat_count"
              label={t('count')}
              errors={errors}
              required
              min={2}
              max={500}
              inputMode="numeric"
              defaultValue={repeat?.count ?? ''}
              className="sm:max-w-xs"
            />
          )}
        </fieldset>
      )}
      {freq !== '' && (
        <>
          <CancelledDates initial={repeat?.cancel_dates ?? []} errors={errors} />
          <MovedDates initial={repeat?.moves ?? []} errors={errors} />
        </>
      )}
    </FormSection>
  );
}

function WeekDays({ checked, errors }: { checked: string[]; errors: FieldErrors }) {
  const t = useTranslations('event_form.repeat');
  const locale = useLocale();
  const id = useId();
  const messages = useFieldError(errors, 'repeat_days');
  return (
    <fieldset aria-describedby={messages.length ? `${id}-error` : `${id}-hint`} className="grid gap-2">
      <legend className="text-sm font-medium text-slate-800">{t('days')}</legend>
      <p id={`${id}-hint`} className={hintClass}>
        {t('days_hint')}
      </p>
      <ul className="flex flex-wrap gap-2">
        {weekdayCodes.map((code) => (
          <li key={code}>
            <label className="flex min-h-11 min-w-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
              <input
                type="checkbox"
                name="repeat_days[]"
                value={code}
                defaultChecked={checked.includes(code)}
                aria-invalid={messages.length > 0}
                className="h-5 w-5 accent-brand-600"
              />
              <span aria-hidden>{weekdayName(code, locale, 'short')}</span>
              <span className="sr-only">{weekdayName(code, locale, 'long')}</span>
            </label>
          </li>
        ))}
      </ul>
      <ErrorText id={`${id}-error`} messages={messages} />
    </fieldset>
  );
}

/** A row of radio buttons, each a 44 px target. */
function Radios<T extends string>({
  name,
  choices,
  checked,
  onChange,
}: {
  name: string;
  choices: [T, string][];
  checked: T;
  onChange: (value: T) => void;
}) {
  return (
    <div className="flex flex-wrap gap-x-6">
      {choices.map(([value, label]) => (
        <label key={value} className="flex min-h-11 cursor-pointer items-center gap-2">
          <input
            type="radio"
            name={name}
            value={value}
            checked={checked === value}
            onChange={() => onChange(value)}
            className="h-5 w-5 accent-brand-600"
          />
          {label}
        </label>
      ))}
    </div>
  );
}

function MonthlyChoice({ initial }: { initial: 'date' | 'weekday' }) {
  const t = useTranslations('event_form.repeat');
  const [choice, setChoice] = useState(initial);
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium text-slate-800">{t('monthly_on')}</legend>
      <Radios
        name="repeat_monthly"
        choices={[
          ['date', t('monthly_date')],
          ['weekday', t('monthly_weekday')],
        ]}
        checked={choice}
        onChange={setChoice}
      />
    </fieldset>
  );
}

/** Rows with a stable key, so that removing one keeps the others' typed values. */
function useRows<T>(initial: T[]) {
  const next = useRef(initial.length);
  const [rows, setRows] = useState(() => initial.map((value, key) => ({ key, value })));
  return {
    rows,
    add: (value: T) => setRows((r) => [...r, { key: next.current++, value }]),
    remove: (key: number) => setRows((r) => r.filter((row) => row.key !== key)),
  };
}

function CancelledDates({ initial, errors }: { initial: string[]; errors: FieldErrors }) {
  const t = useTranslations('event_form.repeat');
  const { rows, add, remove } = useRows(initial);
  const id = useId();
  const messages = useFieldError(errors, 'cancel_dates');
  return (
    <fieldset aria-describedby={messages.length ? `${id}-error` : undefined} className="grid gap-2">
      <legend className="text-sm font-medium text-slate-800">{t('cancelled')}</legend>
      <p className={hintClass}>{t('cancelled_hint')}</p>
      {rows.map((row, i) => (
        <div key={row.key} className="flex flex-wrap items-end gap-2">
          <TextField
            type="date"
            name="cancel_dates[]"
            errorKey={`cancel_dates.${i}`}
            label={t('cancelled_item', { n: i + 1 })}
            errors={errors}
            defaultValue={row.value}
            className="min-w-0 flex-1 sm:max-w-xs"
          />
          <Button
            variant="secondary"
            size="compact"
            aria-label={t('remove_cancelled', { n: i + 1 })}
            onClick={() => remove(row.key)}
          >
            {t('remove')}
          </Button>
        </div>
      ))}
      <ErrorText id={`${id}-error`} messages={messages} />
      <div>
        <Button variant="secondary" size="compact" onClick={() => add('')}>
          {t('cancel_add')}
        </Button>
      </div>
    </fieldset>
  );
}

function MovedDates({ initial, errors }: { initial: EventFormRepeat['moves']; errors: FieldErrors }) {
  const t = useTranslations('event_form.repeat');
  const { rows, add, remove } = useRows(initial);
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium text-slate-800">{t('moved')}</legend>
      <p className={hintClass}>{t('moved_hint')}</p>
      {rows.map((row, i) => (
        <div
          key={row.key}
          className="grid items-end gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_8rem_auto]"
        >
          <TextField
            type="date"
            name="move_from[]"
            errorKey={`move_from.${i}`}
            label={t('move_from', { n: i + 1 })}
            errors={errors}
            defaultValue={row.value.from}
          />
          <TextField
            type="date"
            name="move_date[]"
            errorKey={`move_date.${i}`}
            label={t('move_date', { n: i + 1 })}
            errors={errors}
            defaultValue={row.value.date}
          />
          <TextField
            type="time"
            step={timeStepSeconds}
            name="move_time[]"
            errorKey={`move_time.${i}`}
            label={t('move_time', { n: i + 1 })}
            errors={errors}
            defaultValue={row.value.time}
          />
          <Button
            variant="secondary"
            size="compact"
            aria-label={t('remove_move', { n: i + 1 })}
            onClick={() => remove(row.key)}
          >
            {t('remove')}
          </Button>
        </div>
      ))}
      <div>
        <Button variant="secondary" size="compact" onClick={() => add({ from: '', date: '', time: '' })}>
          {t('move_add')}
        </Button>
      </div>
    </fieldset>
  );
}
