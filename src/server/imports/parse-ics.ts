import ICAL from 'ical.js';
import { dateToWarsaw, warsawParts, warsawZone } from '@/lib/warsaw-time';
import { ruleProblem, seriesDay } from '@/server/events/series';

/**
 * One VEVENT read from a feed: either form fields for the event schema, or why it cannot be imported.
 * `end` is a single event's end; a series has none here, its last date comes from expanding its rule.
 */
export type FeedEntry =
  | { uid: string; name: string | null; kind: 'event'; fields: Record<string, unknown>; end: Date | null }
  | { uid: string; name: string | null; kind: 'cancelled' }
  | { uid: string; name: string | null; kind: 'skip'; reason: 'no_uid' | 'bad_date' | 'unsupported_rule' };

export class NotCalendarError extends Error {}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(zone: string): Intl.DateTimeFormat | null {
  let format = formats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        hourCycle: 'h23',
      });
    } catch {
      return null;
    }
    formats.set(zone, format);
  }
  return format;
}

function offsetIn(format: Intl.DateTimeFormat, instant: number): number {
  const p = Object.fromEntries(format.formatToParts(instant).map((x) => [x.type, Number(x.value)]));
  const n = (key: string) => p[key] ?? 0;
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** A wall-clock time in an IANA zone → the instant; the second pass settles days the clocks change. */
function zonedInstant(t: WallClock, format: Intl.DateTimeFormat): Date {
  const guess = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  let instant = guess - offsetIn(format, guess);
  instant = guess - offsetIn(format, instant);
  return new Date(instant);
}

/**
 * The instant of DTSTART or DTEND. A TZID is read as an IANA zone (what Google, Apple and most
 * exporters write); a TZID only the file's own VTIMEZONE defines uses that definition; floating times
 * and all-day dates are Warsaw's, the portal's zone.
 */
function instantOf(time: ICAL.Time, tzid: string | null, zones: Map<string, ICAL.Timezone>): Date {
  if (!time.isDate && time.zone?.tzid === 'UTC') return time.toJSDate();
  const wall = {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.isDate ? 0 : time.hour,
    minute: time.isDate ? 0 : time.minute,
    second: time.isDate ? 0 : time.second,
  };
  const iana = tzid && !time.isDate ? zoneFormat(tzid) : null;
  if (iana) return zonedInstant(wall, iana);
  const own = tzid && !time.isDate ? zones.get(tzid) : undefined;
  if (own) {
    const utc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
    return new Date(utc - own.utcOffset(time) * 1000);
  }
  return zonedInstant(wall, zoneFormat(warsawZone) as Intl.DateTimeFormat);
}

function tzidOf(property: ICAL.Property | null): string | null {
  const value = property?.getParameter('tzid');
  return typeof value === 'string' ? value : null;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? value : undefined;
  } catch {
    return undefined;
  }
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * A DESCRIPTION as the portal keeps descriptions (HTML, sanitised on save). Some exporters write HTML
 * there, kept as it is; plain text has its line breaks made <br />, so the page and the .ics export show
 * them (issue 29).
 */
function htmlLines(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed || /<\/?[a-z][^>]*>/i.test(trimmed)) return trimmed;
  return trimmed.replace(/[&<>"]/g, (c) => htmlEscapes[c] ?? c).replace(/\r\n|\r|\n/g, '<br />');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The Warsaw day (YYYY-MM-DD) a RECURRENCE-ID or EXDATE names; an all-day value is that day itself. */
function dayOf(time: ICAL.Time, tzid: string | null, zones: Map<string, ICAL.Timezone>): string {
  if (time.isDate) return `${time.year}-${pad(time.month)}-${pad(time.day)}`;
  return seriesDay(instantOf(time, tzid, zones));
}

/**
 * The rule's UNTIL as the portal keeps it, in floating Warsaw wall-clock time. A date means the whole
 * day; a UTC time (what RFC 5545 asks for beside a TZID) or a time in DTSTART's zone is the same instant
 * on Warsaw's clock, so the last date stays in the series across the change to summer time.
 */
function warsawUntil(until: ICAL.Time, tzid: string | null, zones: Map<string, ICAL.Timezone>): string {
  if (until.isDate) return `${until.year}${pad(until.month)}${pad(until.day)}T235959`;
  const p = warsawParts(instantOf(until, tzid, zones));
  return `${p.year}${p.month}${p.day}T${p.hour}${p.minute}${p.second}`;
}

/** A rule ical.js cannot read, renamed so that the rest of the calendar can still be read. */
const unreadRule = 'x-portal-unread-rrule';

const isRepeating = (vevent: ICAL.Component) =>
  ['rrule', 'rdate', 'exrule', unreadRule].some((name) => vevent.hasProperty(name));

function readCalendar(source: string): ICAL.Component {
  try {
    return new ICAL.Component(ICAL.parse(source));
  } catch {
    // ical.js refuses a whole file for one RRULE it cannot read (FREQ=SOMETIMES): that event alone is
    // skipped, and the file is no calendar only if it still cannot be read.
    try {
      return new ICAL.Component(ICAL.parse(source.replace(/^(RRULE|EXRULE)(?=[;:])/gim, unreadRule)));
    } catch {
      throw new NotCalendarError();
    }
  }
}

type SeriesFields = Record<string, string | string[]>;

/**
 * The form fields of a repeating VEVENT: its rule, its EXDATEs as cancelled dates, and its overrides
 * (same UID, a RECURRENCE-ID) as moved or cancelled dates. Null when the portal cannot keep the series as
 * the feed means it: RDATE, EXRULE, a rule `ruleProblem` refuses, an override for "this and the future".
 */
function seriesFields(
  vevent: ICAL.Component,
  name: string | null,
  start: Date,
  overrides: ICAL.Component[],
  zones: Map<string, ICAL.Timezone>,
): SeriesFields | null {
  const rules = vevent.getAllProperties('rrule');
  if (rules.length !== 1 || ['rdate', 'exrule', unreadRule].some((name) => vevent.hasProperty(name)))
    return null;
  const recur = rules[0]?.getFirstValue();
  const startProp = vevent.getFirstProperty('dtstart');
  const startTime = startProp?.getFirstValue();
  if (!(recur instanceof ICAL.Recur) || !(startTime instanceof ICAL.Time)) return null;
  const tzid = tzidOf(startProp);
  // The rule is expanded on Warsaw's clock: BYDAY or BYMONTHDAY read in a zone where DTSTART falls on
  // another day would name the wrong days.
  const startDay = `${startTime.year}-${pad(startTime.month)}-${pad(startTime.day)}`;
  if (startDay !== seriesDay(start) && (recur.parts.BYDAY || recur.parts.BYMONTHDAY)) return null;
  let rule = recur.toString();
  if (recur.until) rule = rule.replace(/UNTIL=[^;]*/, `UNTIL=${warsawUntil(recur.until, tzid, zones)}`);
  if (ruleProblem(rule)) return null;

  const cancel = new Set<string>();
  for (const exdate of vevent.getAllProperties('exdate')) {
    for (const value of exdate.getValues()) {
      if (value instanceof ICAL.Time) cancel.add(dayOf(value, tzidOf(exdate), zones));
    }
  }
  const moves = new Map<string, { date: string; time: string; name: string }>();
  for (const override of overrides) {
    const idProp = override.getFirstProperty('recurrence-id');
    const id = idProp?.getFirstValue();
    if (!(id instanceof ICAL.Time)) continue;
    if (String(idProp?.getParameter('range') ?? '').toUpperCase() === 'THISANDFUTURE') return null;
    const from = dayOf(id, tzidOf(idProp), zones);
    if (String(override.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') {
      cancel.add(from);
      continue;
    }
    const newProp = override.getFirstProperty('dtstart');
    const newTime = newProp?.getFirstValue();
    if (!(newTime instanceof ICAL.Time)) continue;
    const original = instantOf(id, tzidOf(idProp), zones);
    let moved = instantOf(newTime, tzidOf(newProp), zones);
    // Issue 29: a date with a title of its own keeps it; one that only renames a date stays where the
    // rule puts it (a "move" to the same time), as does one no clock can read.
    const ownName = text(override.getFirstPropertyValue('summary'))?.trim().slice(0, 200);
    const renamed = ownName && ownName !== name ? ownName : '';
    if (Number.isNaN(moved.getTime())) moved = original;
    if (moved.getTime() === original.getTime() && !renamed) continue;
    moves.set(from, { ...dateToWarsaw(moved), name: renamed });
  }
  const moved = [...moves].filter(([from]) => !cancel.has(from));
  return {
    repeat: 'custom',
    repeat_rule: rule,
    cancel_dates: [...cancel],
    move_from: moved.map(([from]) => from),
    move_date: moved.map(([, to]) => to.date),
    move_time: moved.map(([, to]) => to.time),
    move_name: moved.map(([, to]) => to.name),
  };
}

/** Reads an iCalendar text; throws NotCalendarError when it is none. */
export function parseFeed(source: string): FeedEntry[] {
  const root = readCalendar(source);
  if (root.name !== 'vcalendar') throw new NotCalendarError();
  const zones = new Map<string, ICAL.Timezone>();
  for (const vtimezone of root.getAllSubcomponents('vtimezone')) {
    const zone = new ICAL.Timezone(vtimezone);
    if (zone.tzid) zones.set(zone.tzid, zone);
  }
  const vevents = root.getAllSubcomponents('vevent');
  // A series' changed or cancelled dates come as VEVENTs of its UID with a RECURRENCE-ID; they belong
  // to the series. One without its series in the feed is read as an event of its own.
  const seriesUids = new Set(
    vevents
      .filter((v) => isRepeating(v) && !v.hasProperty('recurrence-id'))
      .map((v) => text(v.getFirstPropertyValue('uid'))),
  );
  const overrides = new Map<string, ICAL.Component[]>();
  const masters: ICAL.Component[] = [];
  for (const vevent of vevents) {
    const uid = text(vevent.getFirstPropertyValue('uid'));
    if (uid && seriesUids.has(uid) && vevent.hasProperty('recurrence-id') && !isRepeating(vevent))
      overrides.set(uid, [...(overrides.get(uid) ?? []), vevent]);
    else masters.push(vevent);
  }
  return masters.map((vevent): FeedEntry => {
    const event = new ICAL.Event(vevent);
    const uid = text(event.uid) ?? '';
    const name = text(event.summary) ?? null;
    if (!uid) return { uid, name, kind: 'skip', reason: 'no_uid' };
    if (String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED')
      return { uid, name, kind: 'cancelled' };
    let start: Date;
    let end: Date;
    try {
      const startProp = vevent.getFirstProperty('dtstart');
      if (!startProp || !event.startDate) return { uid, name, kind: 'skip', reason: 'bad_date' };
      const endProp = vevent.getFirstProperty('dtend');
      start = instantOf(event.startDate, tzidOf(startProp), zones);
      end = instantOf(event.endDate, tzidOf(endProp ?? startProp), zones);
    } catch {
      return { uid, name, kind: 'skip', reason: 'bad_date' };
    }
    if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()))
      return { uid, name, kind: 'skip', reason: 'bad_date' };
    let series: SeriesFields | null = null;
    if (isRepeating(vevent)) {
      try {
        series = seriesFields(vevent, name, start, overrides.get(uid) ?? [], zones);
      } catch {
        series = null;
      }
      if (!series) return { uid, name, kind: 'skip', reason: 'unsupported_rule' };
    }
    const from = dateToWarsaw(start);
    const to = dateToWarsaw(end);
    return {
      uid,
      name,
      kind: 'event',
      end: series ? null : end,
      fields: {
        name: name ?? '',
        description: htmlLines(text(event.description)),
        buy_ticket_url: httpUrl(vevent.getFirstPropertyValue('url')),
        // Issue 29: a calendar says nothing of prices or places; they are unknown (run-import.ts), not 0.
        start_date: from.date,
        start_date_h: from.time,
        end_date: to.date,
        end_date_h: to.time,
        ...series,
      },
    };
  });
}
