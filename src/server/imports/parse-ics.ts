import ICAL from 'ical.js';
import { dateToWarsaw, warsawZone } from '@/lib/warsaw-time';

/** One VEVENT read from a feed: either form fields for the event schema, or why it cannot be imported. */
export type FeedEntry =
  | { uid: string; name: string | null; kind: 'event'; fields: Record<string, unknown>; end: Date }
  | { uid: string; name: string | null; kind: 'cancelled' }
  | { uid: string; name: string | null; kind: 'skip'; reason: 'repeating' | 'no_uid' | 'bad_date' };

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

/** Reads an iCalendar text; throws NotCalendarError when it is none. */
export function parseFeed(source: string): FeedEntry[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(source));
  } catch {
    throw new NotCalendarError();
  }
  if (root.name !== 'vcalendar') throw new NotCalendarError();
  const zones = new Map<string, ICAL.Timezone>();
  for (const vtimezone of root.getAllSubcomponents('vtimezone')) {
    const zone = new ICAL.Timezone(vtimezone);
    if (zone.tzid) zones.set(zone.tzid, zone);
  }
  return root.getAllSubcomponents('vevent').map((vevent): FeedEntry => {
    const event = new ICAL.Event(vevent);
    const uid = text(event.uid) ?? '';
    const name = text(event.summary) ?? null;
    if (!uid) return { uid, name, kind: 'skip', reason: 'no_uid' };
    // Issue 17 item 4 brings series; until then a series is refused whole, never cut to its first date.
    if (vevent.hasProperty('rrule') || vevent.hasProperty('rdate'))
      return { uid, name, kind: 'skip', reason: 'repeating' };
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
    const from = dateToWarsaw(start);
    const to = dateToWarsaw(end);
    return {
      uid,
      name,
      kind: 'event',
      end,
      fields: {
        name: name ?? '',
        description: text(event.description),
        buy_ticket_url: httpUrl(vevent.getFirstPropertyValue('url')),
        price_min: '0',
        price_max: '0',
        spots_left: '0',
        start_date: from.date,
        start_date_h: from.time,
        end_date: to.date,
        end_date_h: to.time,
      },
    };
  });
}
