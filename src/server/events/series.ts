import ICAL from 'ical.js';
import { dateToWarsaw, warsawParts, warsawToDate } from '@/lib/warsaw-time';

// Issue 17: an event that repeats. The rule is an RFC 5545 RRULE expanded by ical.js in Warsaw wall-clock
// time, then each date is turned into an instant, so a series at 19:00 stays at 19:00 across the change to
// and from summer time. Nothing here reads the database.

export const weekdays = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof weekdays)[number];

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

/** A date the owner cancelled (`start` null) or moved. */
export interface SeriesException {
  originalStart: Date;
  start: Date | null;
  end: Date | null;
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

function instantOf(t: ICAL.Time): Date | null {
  return warsawToDate(`${t.year}-${pad(t.month)}-${pad(t.day)}`, `${pad(t.hour)}:${pad(t.minute)}`);
}

/** The weekday code of an instant's Warsaw date. */
export function weekdayOf(instant: Date): Weekday {
  // ical.js counts Sunday as 1.
  return weekdays[(floating(instant).dayOfWeek() + 5) % 7] as Weekday;
}

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
    parts.push(`BYDAY=${weekdays.filter((d) => days.includes(d)).join(',')}`);
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
  if (freq === 'weekly' && (byMonthDay.length || byDay.some((d) => !weekdays.includes(d as Weekday))))
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
    days: freq === 'weekly' ? (byDay as Weekday[]) : [],
    monthly,
    until,
    count: recur.count ?? null,
  };
}

/**
 * The dates the rule gives from `start`, as instants, in order: at most `limit` of them and none starting
 * after `horizon`. `complete` is false when either cut the series short.
 */
export function ruleDates(
  rule: string,
  start: Date,
  { horizon, limit = maxSeriesDates, keepFrom }: { horizon: Date; limit?: number; keepFrom?: Date },
): { dates: Date[]; complete: boolean } {
  const recur = ICAL.Recur.fromString(rule);
  const iterator = recur.iterator(floating(start));
  const dates: Date[] = [];
  // Compared as wall-clock times a day early, so skipped dates cost no conversion to an instant.
  const skipBefore = keepFrom ? floating(new Date(keepFrom.getTime() - 86_400_000)) : null;
  // A rule that matches nothing (BYMONTHDAY=31 every second February…) must not spin for ever; the
  // dates before `keepFrom` (an imported series running for years) are walked past, not kept.
  for (let steps = 0; steps < 20 * limit + (keepFrom ? 20_000 : 0); steps++) {
    const next = iterator.next();
    if (!next) return { dates, complete: true };
    if (skipBefore && next.compare(skipBefore) < 0) continue;
    const instant = instantOf(next);
    if (!instant || (keepFrom && instant.getTime() < keepFrom.getTime())) continue;
    if (instant.getTime() > horizon.getTime() || dates.length >= limit) return { dates, complete: false };
    // A wall-clock time the spring change skips resolves to the same instant as its neighbour.
    if (dates.length && dates[dates.length - 1]?.getTime() === instant.getTime()) continue;
    dates.push(instant);
  }
  return { dates, complete: false };
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
