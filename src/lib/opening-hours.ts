// Issue 30: whether a place is open at an instant, from its weekly hours (place_hours) and its special
// days (place_special_hours), in Warsaw time. The SQL twin is src/server/places/open-now.ts; both follow
// these rules, and the domain tests check that they agree:
// - the rule of a Warsaw date is its special day if it has one, else the weekly hours of its weekday
//   (1 = Monday … 7 = Sunday); a weekday without a row is closed;
// - closed: shut that whole date (also through hours carried over from the evening before);
//   whole_day: open 00:00–24:00; otherwise open from ≤ t < to, and when to ≤ from (20:00–02:00) the
//   hours run past midnight: from `from` to the end of the date, then on the next date until `to`.

import { addDays } from './date-shortcuts';
import { warsawParts } from './warsaw-time';
import { isoWeekday } from './weekdays';

export interface HoursRule {
  from: string | null;
  to: string | null;
  closed: boolean;
  whole_day: boolean;
}

export interface WeeklyHoursRule extends HoursRule {
  /** 1 = Monday … 7 = Sunday. */
  week_day: number;
}

export interface SpecialHoursRule extends HoursRule {
  /** The Warsaw date, YYYY-MM-DD. */
  date: string;
}

export type OpenState =
  /** `until` is the HH:mm the current opening ends at; null when open the whole day. */
  { open: true; until: string | null } | { open: false };

const hhmm = (value: string | null) => (value ? value.slice(0, 5) : null);

// One date arithmetic for the search bar's shortcuts and the opening hours.
export { addDays };

/** The Warsaw date (YYYY-MM-DD) and time (HH:mm) of an instant. */
export function warsawDateTime(at: Date): { date: string; time: string } {
  const p = warsawParts(at);
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** The rule that governs a Warsaw date: its special day, else its weekday's hours, else none (closed). */
export function ruleFor(
  date: string,
  weekly: readonly WeeklyHoursRule[],
  special: readonly SpecialHoursRule[],
): HoursRule | null {
  return special.find((s) => s.date === date) ?? weekly.find((w) => w.week_day === isoWeekday(date)) ?? null;
}

/** The HH:mm the hours of a rule end at on the next date, when they run past midnight; else null. */
function endsNextDay(rule: HoursRule): string | null {
  const from = hhmm(rule.from);
  const to = hhmm(rule.to);
  return !rule.closed && !rule.whole_day && from && to && to <= from ? to : null;
}

/** Whether the place is open at `at` (Warsaw time), and until when. */
export function openState(
  weekly: readonly WeeklyHoursRule[],
  special: readonly SpecialHoursRule[],
  at: Date,
): OpenState {
  const { date, time } = warsawDateTime(at);
  const today = ruleFor(date, weekly, special);
  if (today?.closed) return { open: false };
  // The evening before, when its hours run past midnight, comes first: it is the opening going on.
  const yesterday = ruleFor(addDays(date, -1), weekly, special);
  const carried = yesterday ? endsNextDay(yesterday) : null;
  if (carried && time < carried) return { open: true, until: carried };
  if (!today) return { open: false };
  if (today.whole_day) return { open: true, until: null };
  const from = hhmm(today.from);
  const to = hhmm(today.to);
  if (!from || !to) return { open: false };
  if (from <= time && (to <= from || time < to)) return { open: true, until: to };
  return { open: false };
}

/** The special days from `today` (a Warsaw date) on, for `days` days, in date order. */
export function upcomingSpecialDays<T extends { date: string }>(
  special: readonly T[],
  today: string,
  days = 60,
) {
  const last = addDays(today, days - 1);
  return special
    .filter((s) => s.date >= today && s.date <= last)
    .sort((a, b) => a.date.localeCompare(b.date));
}
