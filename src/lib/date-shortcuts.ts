// Issue 30: "Dziś", "Jutro" and "Ten weekend" as whole Warsaw calendar days, the unit of the date
// filters (date_from and date_end, spec §7). Days are counted on the calendar date itself (UTC noon of
// that date, never a 24-hour step from an instant), so the day the clocks change is one day like any other.

export const dateShortcuts = ['today', 'tomorrow', 'weekend'] as const;
export type DateShortcut = (typeof dateShortcuts)[number];

export interface DateRange {
  date_from: string;
  date_end: string;
}

const dayMs = 86_400_000;
const noonOf = (date: string) => Date.parse(`${date}T12:00:00Z`);

/**
 * The Warsaw calendar date ("YYYY-MM-DD") of an instant. Swedish writes dates as ISO does; this keeps the
 * browser's share of the search bar to a line rather than warsaw-time.ts's formatter.
 */
export const warsawDate = (now: Date): string =>
  now.toLocaleDateString('sv-SE', { timeZone: 'Europe/Warsaw' });

/** A calendar date `days` later (or earlier). */
export const addDays = (date: string, days: number): string =>
  new Date(noonOf(date) + days * dayMs).toISOString().slice(0, 10);

/** 0 for Sunday to 6 for Saturday, as Date.getDay. */
export const weekdayOf = (date: string): number => new Date(noonOf(date)).getUTCDay();

/**
 * The days a shortcut means at `now`. The weekend is Saturday and Sunday: from Monday to Friday the coming
 * ones (a Friday evening included: the filter takes whole days, and a whole Friday would bring back its
 * morning; tonight's events have "Dziś" and "Dziś wieczorem"), on Saturday today and Sunday, on Sunday today.
 */
export function shortcutRange(shortcut: DateShortcut, now: Date): DateRange {
  const today = warsawDate(now);
  if (shortcut === 'today') return { date_from: today, date_end: today };
  if (shortcut === 'tomorrow') {
    const tomorrow = addDays(today, 1);
    return { date_from: tomorrow, date_end: tomorrow };
  }
  const weekday = weekdayOf(today);
  if (weekday === 0) return { date_from: today, date_end: today };
  const sunday = addDays(today, 7 - weekday);
  return { date_from: weekday === 6 ? today : addDays(sunday, -1), date_end: sunday };
}

/**
 * The shortcuts a range stands for at `now` (on a Sunday "today" and "this weekend" are the same day, and
 * both show as chosen). A link keeps its dates, so on another day it means the same days and no shortcut.
 */
export function shortcutsOf(range: Partial<DateRange>, now: Date): DateShortcut[] {
  if (!range.date_from || !range.date_end) return [];
  return dateShortcuts.filter((shortcut) => {
    const days = shortcutRange(shortcut, now);
    return days.date_from === range.date_from && days.date_end === range.date_end;
  });
}
