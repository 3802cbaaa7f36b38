import ICAL from 'ical.js';
import { dateToWarsaw, warsawParts, warsawToDate } from '@/lib/warsaw-time';
import { type WeekdayCode, warsawWeekdayCode, weekdayCodes } from '@/lib/weekdays';

// Issue 17: an event that repeats. The rule is an RFC 5545 RRULE expanded by ical.js in Warsaw wall-clock
// time, then each date is turned into an instant, so a series at 19:00 stays at 19:00 across the change to
// and from summer time. Nothing here reads the database.

export type Weekday = WeekdayCode;

/** A rule as the event form describes it. */
export interface RepeatFields {
  freq: 'daily' | 'weekly' | 'monthly';
  /** Every n days, weeks or months. */
  interval: number;
  /** Weekly: the days it takes place on. */
  days: Weekday[];
  /** Monthly: on the start's day of the month, or on its weekday ("the second Saturday", "the last Friday"). */
  monthly: 'date' | 'weekday';
  /** The last date (YYYY-MM-DD, Warsaw), or how many dates there are. */
  until: string | null;
  count: number | null;
}

/** One date of a series; `originalStart` is where the rule put it (its RECURRENCE-ID). */
export interface Occurrence {
  originalStart: Date;
  start: Date;
  end: Date;
}

/** A date the owner cancelled (`start` null) or moved; `name` is a moved date's own title. */
export interface SeriesException {
  originalStart: Date;
  start: Date | null;
  end: Date | null;
  name?: string | null;
}

/** A series keeps at most this many dates, and a rule from the form reaches at most two years ahead. */
export const maxSeriesDates = 500;
export const maxSeriesYears = 2;

const floating = (instant: Date) => {
  const p = warsawParts(instant);
  return ICAL.Time.fromData({
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
  });
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The weekday code of an instant's Warsaw date. */
export const weekdayOf = warsawWeekdayCode;

/** The "nth weekday of the month" code of a date: 2SA, or -1SA for a date in the month's last week. */
export function monthlyWeekdayOf(instant: Date): string {
  const t = floating(instant);
  const nth = Math.ceil(t.day / 7);
  const last = t.day + 7 > ICAL.Time.daysInMonth(t.month, t.year);
  return `${last && nth >= 4 ? -1 : nth}${weekdayOf(instant)}`;
}

/** The RRULE of the form's fields for a series starting at `start`. */
export function buildRule(fields: RepeatFields, start: Date): string {
  const parts: string[] = [`FREQ=${fields.freq.toUpperCase()}`];
  if (fields.interval > 1) parts.push(`INTERVAL=${fields.interval}`);
  if (fields.freq === 'weekly') {
    const days = fields.days.length ? fields.days : [weekdayOf(start)];
    parts.push(`BYDAY=${weekdayCodes.filter((d) => days.includes(d)).join(',')}`);
  }
  if (fields.freq === 'monthly') {
    parts.push(
      fields.monthly === 'weekday'
        ? `BYDAY=${monthlyWeekdayOf(start)}`
        : `BYMONTHDAY=${Number(warsawParts(start).day)}`,
    );
  }
  // Floating (Warsaw) time: the whole last day counts. The .ics export turns it into UTC.
  if (fields.until) parts.push(`UNTIL=${fields.until.replace(/-/g, '')}T235959`);
  else if (fields.count) parts.push(`COUNT=${fields.count}`);
  return parts.join(';');
}

const supportedParts = new Set(['BYDAY', 'BYMONTHDAY', 'WKST']);

/**
 * Whether ical.js reads the rule and it is one the portal can show and export: daily, weekly or monthly,
 * by weekday or day of the month. Null when fine, else why not.
 */
export function ruleProblem(rule: string): 'invalid' | 'unsupported' | null {
  let recur: ICAL.Recur;
  try {
    recur = ICAL.Recur.fromString(rule);
  } catch {
    return 'invalid';
  }
  if (!['DAILY', 'WEEKLY', 'MONTHLY'].includes(recur.freq)) return 'unsupported';
  if (Object.keys(recur.parts).some((p) => !supportedParts.has(p))) return 'unsupported';
  if (!Number.isInteger(recur.interval) || recur.interval < 1 || recur.interval > 99) return 'invalid';
  const byDay = (recur.parts.BYDAY ?? []) as string[];
  const byMonthDay = (recur.parts.BYMONTHDAY ?? []) as number[];
  // RFC 5545: "the second Monday" only within a month; a month day in a weekly rule means nothing.
  if (byDay.some((code) => !/^(?:[+-]?(?:[1-4]|5))?(?:MO|TU|WE|TH|FR|SA|SU)$/.test(code))) return 'invalid';
  if (recur.freq !== 'MONTHLY' && byDay.some((code) => /\d/.test(code))) return 'invalid';
  if (recur.freq === 'WEEKLY' && byMonthDay.length) return 'invalid';
  if (byMonthDay.some((n) => !Number.isInteger(n) || n === 0 || n < -31 || n > 31)) return 'invalid';
  return null;
}

/** The form's fields of a stored rule, or null for a rule the form cannot show (one from an import). */
export function ruleToFields(rule: string, start: Date): RepeatFields | null {
  if (ruleProblem(rule)) return null;
  const recur = ICAL.Recur.fromString(rule);
  const byDay = (recur.parts.BYDAY ?? []) as string[];
  const byMonthDay = (recur.parts.BYMONTHDAY ?? []) as number[];
  const freq = recur.freq.toLowerCase() as RepeatFields['freq'];
  let monthly: RepeatFields['monthly'] = 'date';
  if (freq === 'daily' && (byDay.length || byMonthDay.length)) return null;
  if (freq === 'weekly' && (byMonthDay.length || byDay.some((d) => !weekdayCodes.includes(d as Weekday))))
    return null;
  if (freq === 'monthly') {
    if (byDay.length === 1 && byMonthDay.length === 0 && byDay[0] === monthlyWeekdayOf(start))
      monthly = 'weekday';
    else if (
      !(byDay.length === 0 && byMonthDay.length === 1 && byMonthDay[0] === Number(warsawParts(start).day))
    )
      return null;
  }
  const until = recur.until ? `${recur.until.year}-${pad(recur.until.month)}-${pad(recur.until.day)}` : null;
  return {
    freq,
    interval: recur.interval,
    // Issue 29: a weekly rule without BYDAY repeats on DTSTART's weekday (RFC 5545), on Warsaw's clock.
    days: freq !== 'weekly' ? [] : byDay.length ? (byDay as Weekday[]) : [weekdayOf(start)],
    monthly,
    until,
    count: recur.count ?? null,
  };
}

/**
 * The calendar days a rule may be walked over: from 1970 to a few years ahead, about 21,000 days. Every
 * expansion is bounded by this span, not by a count of steps: ical.js walks an unbounded number of days
 * inside one `next()` when a rule rarely matches (BYMONTHDAY=31;BYDAY=MO from the year 1000 held the event
 * loop for a minute), so the portal walks its supported subset itself, one period at a time.
 */
const maxWalkDays = 80 * 366;

const dayMs = 86_400_000;
/** Days since 1970-01-01 of a calendar date. */
const dayNumber = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / dayMs;
/** Monday 0 … Sunday 6; 1970-01-01 was a Thursday. */
const weekdayIndex = (day: number) => (((day + 3) % 7) + 7) % 7;
const calendarOf = (day: number) => {
  const d = new Date(day * dayMs);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, date: d.getUTCDate() };
};
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const dayString = (day: number) => {
  const c = calendarOf(day);
  return `${c.year}-${pad(c.month)}-${pad(c.date)}`;
};

interface WeekdayRule {
  /** 0 for every such weekday, 2 for the second one of the month, -1 for the last. */
  nth: number;
  weekday: number;
}

/** The parts of a supported rule the walk needs, read once. */
function readRule(rule: string) {
  const recur = ICAL.Recur.fromString(rule);
  const byDay: WeekdayRule[] = ((recur.parts.BYDAY ?? []) as string[]).map((code) => {
    const match = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(code);
    return { nth: Number(match?.[1] ?? 0), weekday: weekdayCodes.indexOf((match?.[2] ?? 'MO') as Weekday) };
  });
  const until = recur.until
    ? {
        day: dayNumber(recur.until.year, recur.until.month, recur.until.day),
        // A date alone means its whole day.
        seconds: recur.until.isDate
          ? 86_399
          : recur.until.hour * 3600 + recur.until.minute * 60 + recur.until.second,
      }
    : null;
  return {
    freq: recur.freq,
    interval: recur.interval,
    byDay,
    byMonthDay: (recur.parts.BYMONTHDAY ?? []) as number[],
    weekStart: recur.wkst ? (recur.wkst + 5) % 7 : 0,
    until,
    count: recur.count ?? null,
  };
}

type ReadRule = ReturnType<typeof readRule>;

/** Whether a day of a month matches a BYDAY entry: any such weekday, or the nth from the start or end. */
function matchesWeekday(day: number, date: number, monthDays: number, entry: WeekdayRule): boolean {
  if (weekdayIndex(day) !== entry.weekday) return false;
  if (entry.nth > 0) return Math.ceil(date / 7) === entry.nth;
  if (entry.nth < 0) return Math.ceil((monthDays - date + 1) / 7) === -entry.nth;
  return true;
}

/** The days of the rule's `k`-th period (day, week or month from the start's), in order. */
function periodDays(rule: ReadRule, startDay: number, k: number): { first: number; days: number[] } {
  const step = k * rule.interval;
  if (rule.freq === 'DAILY') {
    const day = startDay + step;
    const c = calendarOf(day);
    const monthDays = daysInMonth(c.year, c.month);
    const byMonthDay =
      rule.byMonthDay.length === 0 || rule.byMonthDay.some((n) => (n > 0 ? n : monthDays + n + 1) === c.date);
    const byDay = rule.byDay.length === 0 || rule.byDay.some((e) => e.weekday === weekdayIndex(day));
    return { first: day, days: byMonthDay && byDay ? [day] : [] };
  }
  if (rule.freq === 'WEEKLY') {
    const first = startDay - ((weekdayIndex(startDay) - rule.weekStart + 7) % 7) + 7 * step;
    const wanted = rule.byDay.length ? rule.byDay.map((e) => e.weekday) : [weekdayIndex(startDay)];
    const days: number[] = [];
    for (let offset = 0; offset < 7; offset++) {
      if (wanted.includes(weekdayIndex(first + offset))) days.push(first + offset);
    }
    return { first, days };
  }
  const start = calendarOf(startDay);
  const months = start.month - 1 + step;
  const year = start.year + Math.floor(months / 12);
  const month = (months % 12) + 1;
  const first = dayNumber(year, month, 1);
  const monthDays = daysInMonth(year, month);
  const days: number[] = [];
  for (let date = 1; date <= monthDays; date++) {
    const byMonthDay = rule.byMonthDay.length
      ? rule.byMonthDay.some((n) => (n > 0 ? n : monthDays + n + 1) === date)
      : rule.byDay.length > 0 || date === start.date;
    const byDay =
      rule.byDay.length === 0 || rule.byDay.some((e) => matchesWeekday(first + date - 1, date, monthDays, e));
    if (byMonthDay && byDay) days.push(first + date - 1);
  }
  return { first, days };
}

/** The first period that can hold a day on or after `day` (a rule without COUNT need not be walked from its start). */
function firstPeriodFrom(rule: ReadRule, startDay: number, day: number): number {
  if (day <= startDay) return 0;
  if (rule.freq === 'DAILY') return Math.floor((day - startDay) / rule.interval);
  if (rule.freq === 'WEEKLY') return Math.floor((day - startDay) / (7 * rule.interval));
  const from = calendarOf(startDay);
  const to = calendarOf(day);
  return Math.floor(((to.year - from.year) * 12 + to.month - from.month) / rule.interval);
}

/**
 * The dates the rule gives from `start`, as instants, in order: at most `limit` of them and none starting
 * after `horizon`. `complete` is false when either cut the series short. The start counts only when the
 * rule gives its day (as ical.js has it for weekly and monthly rules).
 */
export function ruleDates(
  rule: string,
  start: Date,
  { horizon, limit = maxSeriesDates, keepFrom }: { horizon: Date; limit?: number; keepFrom?: Date },
): { dates: Date[]; complete: boolean } {
  const parsed = readRule(rule);
  const wall = warsawParts(start);
  const startDay = dayNumber(Number(wall.year), Number(wall.month), Number(wall.day));
  const time = `${wall.hour}:${wall.minute}`;
  const timeSeconds = Number(wall.hour) * 3600 + Number(wall.minute) * 60;
  const horizonParts = warsawParts(horizon);
  const horizonDay = dayNumber(
    Number(horizonParts.year),
    Number(horizonParts.month),
    Number(horizonParts.day),
  );
  const dates: Date[] = [];
  if (horizonDay - startDay > maxWalkDays) return { dates, complete: false };
  // Dates before `keepFrom` (an imported series running for years) are passed over without being turned
  // into instants; without a COUNT to keep, the walk starts near them.
  const keepFromDay = keepFrom ? Math.floor(keepFrom.getTime() / dayMs) - 1 : null;
  let counted = 0;
  let k = keepFromDay !== null && parsed.count === null ? firstPeriodFrom(parsed, startDay, keepFromDay) : 0;
  for (; ; k++) {
    const period = periodDays(parsed, startDay, k);
    if (parsed.until && period.first > parsed.until.day) return { dates, complete: true };
    if (period.first > horizonDay) return { dates, complete: false };
    for (const day of period.days) {
      if (day < startDay) continue;
      if (parsed.until && day * 86_400 + timeSeconds > parsed.until.day * 86_400 + parsed.until.seconds)
        return { dates, complete: true };
      if (parsed.count !== null && counted >= parsed.count) return { dates, complete: true };
      counted++;
      if (keepFromDay !== null && day < keepFromDay) continue;
      const instant = warsawToDate(dayString(day), time);
      if (!instant || (keepFrom && instant.getTime() < keepFrom.getTime())) continue;
      if (instant.getTime() > horizon.getTime() || dates.length >= limit) return { dates, complete: false };
      // A wall-clock time the spring change skips resolves to the same instant as its neighbour.
      if (dates.length && dates[dates.length - 1]?.getTime() === instant.getTime()) continue;
      dates.push(instant);
    }
  }
}

/**
 * The series' dates with the owner's exceptions applied: cancelled ones left out, moved ones at their new
 * time, in order of their start. Each lasts as long as the first one.
 */
export function seriesOccurrences(
  series: { rule: string; start: Date; end: Date; exceptions: SeriesException[] },
  options: { horizon: Date; limit?: number; keepFrom?: Date },
): { occurrences: Occurrence[]; cancelled: Date[]; complete: boolean } {
  const duration = series.end.getTime() - series.start.getTime();
  const { dates, complete } = ruleDates(series.rule, series.start, options);
  const exceptions = new Map(series.exceptions.map((e) => [e.originalStart.getTime(), e]));
  const occurrences: Occurrence[] = [];
  const cancelled: Date[] = [];
  for (const originalStart of dates) {
    const exception = exceptions.get(originalStart.getTime());
    if (exception && exception.start === null) {
      cancelled.push(originalStart);
      continue;
    }
    occurrences.push(
      exception?.start && exception.end
        ? { originalStart, start: exception.start, end: exception.end }
        : { originalStart, start: originalStart, end: new Date(originalStart.getTime() + duration) },
    );
  }
  occurrences.sort((a, b) => a.start.getTime() - b.start.getTime());
  return { occurrences, cancelled, complete };
}

/** The date of the series that is on now or next, else its last one: what lists and searches show. */
export function currentOccurrence(occurrences: Occurrence[], now: Date): Occurrence | undefined {
  return occurrences.find((o) => o.end.getTime() > now.getTime()) ?? occurrences[occurrences.length - 1];
}

/** The Warsaw date (YYYY-MM-DD) of an instant: how the form names one date of a series. */
export function seriesDay(instant: Date): string {
  return dateToWarsaw(instant).date;
}

/** The rule's UNTIL in UTC, as RFC 5545 wants it beside a DTSTART with a TZID. */
export function ruleForExport(rule: string): string {
  return rule.replace(/UNTIL=(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(?!Z)/, (_m, y, mo, d, h, mi, s) => {
    const instant = warsawToDate(`${y}-${mo}-${d}`, `${h}:${mi}`);
    if (!instant) return _m;
    const utc = new Date(instant.getTime() + Number(s) * 1000).toISOString();
    return `UNTIL=${utc.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`;
  });
}
