'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import {
  type DateRange,
  type DateShortcut,
  dateShortcuts,
  shortcutRange,
  shortcutsOf,
} from '@/lib/date-shortcuts';

// Issue 30: the dates first. "Dziś", "Jutro", "Ten weekend" and "Wybierz daty" as toggle buttons that fill
// date_from and date_end, shared by the search bar and /list's filters. Both load this with next/dynamic:
// the server renders the chips, and their code (the date arithmetic with it) stays out of every page's
// first JavaScript (the 150 KB budget, scripts/check-js-budget.ts).

/**
 * A chip's classes. The pressed look is one whole set of its own, not a white chip with overrides: a
 * background class that loses to `bg-white` in the stylesheet's order left white text on white (issue 29).
 */
export const chipClass = (pressed: boolean) =>
  `inline-flex h-9 items-center rounded-full border px-3 text-sm font-semibold whitespace-nowrap ${
    pressed
      ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-600'
      : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600 hover:text-brand-700'
  }`;

/**
 * The range's end is before its start: the API answers 422, and here the end field's `min` keeps the form
 * from being sent (the browser's own check) while the message stands next to it.
 */
export const endBeforeStart = (range: DateRange) =>
  Boolean(range.date_from && range.date_end && range.date_end < range.date_from);

export function DateChips({
  id,
  range,
  onChange,
  inputClass,
  named = true,
  openNow,
}: {
  id: string;
  range: DateRange;
  onChange: (range: DateRange) => void;
  inputClass: string;
  /** Whether the fields carry the URL's names, so the form works without JavaScript too. */
  named?: boolean;
  /** The search bar's "Otwarte teraz" chip after the dates: another answer to "when", so dates clear it. */
  openNow?: { pressed: boolean; onChange: (pressed: boolean) => void; label: string };
}) {
  const t = useTranslations('search.dates');
  // "Today" as the page was shown; a chip's click reads the clock again.
  const [shownAt] = useState(() => new Date());
  const chosen = shortcutsOf(range, shownAt);
  const custom = Boolean(range.date_from || range.date_end) && chosen.length === 0;
  const [picking, setPicking] = useState(false);
  const pickOpen = picking || custom;
  const invalid = endBeforeStart(range);

  const choose = (shortcut: DateShortcut) => {
    setPicking(false);
    onChange(
      chosen.includes(shortcut) ? { date_from: '', date_end: '' } : shortcutRange(shortcut, new Date()),
    );
  };
  const togglePick = () => {
    // Closing the fields drops their dates: nothing hidden narrows the search.
    if (pickOpen) onChange({ date_from: '', date_end: '' });
    setPicking(!pickOpen);
  };

  return (
    <div className="flex flex-col gap-2">
      <fieldset aria-label={t('label')} className="flex flex-wrap gap-1.5">
        {dateShortcuts.map((shortcut) => (
          <button
            key={shortcut}
            type="button"
            aria-pressed={chosen.includes(shortcut)}
            onClick={() => choose(shortcut)}
            className={chipClass(chosen.includes(shortcut))}
          >
            {t(shortcut)}
          </button>
        ))}
        <button
          type="button"
          aria-pressed={pickOpen}
          aria-expanded={pickOpen}
          aria-controls={`${id}-dates`}
          onClick={togglePick}
          className={chipClass(pickOpen)}
        >
          {t('pick')}
        </button>
        {openNow && (
          <button
            type="button"
            aria-pressed={openNow.pressed}
            onClick={() => {
              setPicking(false);
              openNow.onChange(!openNow.pressed);
            }}
            className={chipClass(openNow.pressed)}
          >
            {openNow.label}
          </button>
        )}
        {named && openNow?.pressed && <input type="hidden" name="open_now" value="1" />}
      </fieldset>
      {pickOpen ? (
        <div id={`${id}-dates`} className="grid grid-cols-2 gap-2">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            {t('from')}
            <input
              name={named ? 'date_from' : undefined}
              type="date"
              value={range.date_from}
              max={range.date_end || undefined}
              onChange={(e) => onChange({ ...range, date_from: e.target.value })}
              className={inputClass}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            {t('to')}
            <input
              name={named ? 'date_end' : undefined}
              type="date"
              value={range.date_end}
              min={range.date_from || undefined}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-dates-error` : undefined}
              onChange={(e) => onChange({ ...range, date_end: e.target.value })}
              className={inputClass}
            />
          </label>
          {invalid && (
            <p id={`${id}-dates-error`} role="alert" className="col-span-2 text-sm text-red-700">
              {t('end_before_start')}
            </p>
          )}
        </div>
      ) : (
        named &&
        range.date_from && (
          <>
            <input type="hidden" name="date_from" value={range.date_from} />
            <input type="hidden" name="date_end" value={range.date_end} />
          </>
        )
      )}
    </div>
  );
}

/**
 * The search bar's chips, holding their own dates: from the page's URL, and again whenever a client-side
 * navigation changes it. The fields carry the URL's names; the bar's submit reads them from its form.
 */
export function SearchBarDates({
  id,
  initial,
  inputClass,
}: {
  id: string;
  initial: DateRange & { open_now: string };
  inputClass: string;
}) {
  const t = useTranslations('search');
  const params = useSearchParams();
  const [range, setRange] = useState<DateRange>(initial);
  const [openNow, setOpenNow] = useState(initial.open_now === '1');
  const [url, setUrl] = useState(params.toString());
  if (url !== params.toString()) {
    setUrl(params.toString());
    setRange({ date_from: params.get('date_from') ?? '', date_end: params.get('date_end') ?? '' });
    setOpenNow(params.get('open_now') === '1');
  }
  const none = { date_from: '', date_end: '' };
  return (
    <DateChips
      id={id}
      range={range}
      onChange={(next) => {
        setRange(next);
        if (next.date_from || next.date_end) setOpenNow(false);
      }}
      inputClass={inputClass}
      openNow={{
        pressed: openNow,
        label: t('open_now'),
        onChange: (pressed) => {
          setOpenNow(pressed);
          if (pressed) setRange(none);
        },
      }}
    />
  );
}
