'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import type { FieldErrors } from '@/components/forms/field-errors';
import { ErrorText, inputClass, useFieldError } from '@/components/forms/fields';
import { FormSection } from '@/components/forms/form-section';
import { Button } from '@/components/ui/button';
import type { SpecialDayInitial } from './company-form-initial';
import { type DayHours, HoursInputs } from './hours-inputs';

interface Row extends DayHours {
  key: number;
  date: string;
}

// The schema's limit (specialDaysMax in lib/schemas/place-profile); zod stays out of this component.
const maxDays = 60;

/**
 * "Dni szczególne": dates with other hours than their weekday's (holidays, one-off closures), added and
 * removed in the place form. The list is sent whole (special_hours_sent) and replaces the stored one.
 */
export function CompanySpecialHoursSection({
  days,
  errors,
}: {
  days: SpecialDayInitial[];
  errors: FieldErrors;
}) {
  const t = useTranslations('company_form');
  const [rows, setRows] = useState<Row[]>(() =>
    days.map((d, key) => ({
      key,
      date: d.date,
      from: d.from?.slice(0, 5) ?? '',
      to: d.to?.slice(0, 5) ?? '',
      closed: d.closed,
      wholeDay: !d.closed && d.wholeDay,
    })),
  );
  const next = useRef(days.length);
  const listErrors = useFieldError(errors, 'special_hours_date');
  const listErrorId = useId();
  const added = useRef<number | null>(null);

  const add = () => {
    const key = next.current++;
    added.current = key;
    setRows((r) => [...r, { key, date: '', from: '', to: '', closed: true, wholeDay: false }]);
  };
  const change = (key: number, patch: Partial<Row>) =>
    setRows((r) => r.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const remove = (key: number) => setRows((r) => r.filter((row) => row.key !== key));

  return (
    <FormSection legend={t('special.legend')} hint={t('special.hint')}>
      <input type="hidden" name="special_hours_sent" value="1" />
      {rows.length === 0 && <p className="text-sm text-slate-600">{t('special.empty')}</p>}
      <ul className="divide-y divide-slate-200" data-special-days>
        {rows.map((row) => (
          <SpecialDayRow
            key={row.key}
            row={row}
            errors={errors}
            focusDate={added.current === row.key}
            onChange={(patch) => change(row.key, patch)}
            onRemove={() => remove(row.key)}
          />
        ))}
      </ul>
      <ErrorText id={listErrorId} messages={listErrors} />
      <Button variant="outline" onClick={add} disabled={rows.length >= maxDays} className="mt-2">
        {t('special.add')}
      </Button>
    </FormSection>
  );
}

function SpecialDayRow({
  row,
  errors,
  focusDate,
  onChange,
  onRemove,
}: {
  row: Row;
  errors: FieldErrors;
  focusDate: boolean;
  onChange: (patch: Partial<Row>) => void;
  onRemove: () => void;
}) {
  const t = useTranslations('company_form');
  const id = useId();
  const dateErrors = useFieldError(errors, `special_hours_date.${row.key}`);
  const fromErrors = useFieldError(errors, `special_hours_from.${row.key}`);
  const toErrors = useFieldError(errors, `special_hours_to.${row.key}`);
  const flagErrors = useFieldError(errors, `special_hours_closed.${row.key}`);
  const messages = [...new Set([...dateErrors, ...fromErrors, ...toErrors, ...flagErrors])];
  const describedBy = messages.length ? `${id}-error` : undefined;

  return (
    <li className="py-3" data-special-day={row.date || undefined}>
      <div className="grid grid-cols-2 items-end gap-x-3 gap-y-2 md:grid-cols-[11rem_9rem_9rem_1fr_auto]">
        <div className="col-span-2 md:col-span-1">
          <label htmlFor={`${id}-date`} className="mb-1 block text-sm font-medium text-slate-800">
            {t('special.date')}
          </label>
          <input
            id={`${id}-date`}
            type="date"
            name={`special_hours_date[${row.key}]`}
            value={row.date}
            required
            // biome-ignore lint/a11y/noAutofocus: focus moves to the day just added with the button.
            autoFocus={focusDate}
            onChange={(event) => onChange({ date: event.currentTarget.value })}
            aria-invalid={dateErrors.length > 0}
            aria-describedby={describedBy}
            className={inputClass}
          />
        </div>
        <HoursInputs
          id={id}
          prefix="special_hours"
          index={row.key}
          hours={row}
          onChange={onChange}
          invalid={{ from: fromErrors.length > 0, to: toErrors.length > 0, closed: flagErrors.length > 0 }}
          describedBy={describedBy}
        />
        <Button
          variant="secondary"
          onClick={onRemove}
          aria-label={t('special.remove_day', { date: row.date || t('special.new_day') })}
          className="col-span-2 md:col-span-1"
        >
          {t('special.remove')}
        </Button>
        <div className="col-span-full">
          <ErrorText id={`${id}-error`} messages={messages} />
        </div>
      </div>
    </li>
  );
}
