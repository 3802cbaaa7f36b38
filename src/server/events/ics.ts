import 'server-only';
import { and, inArray, isNotNull } from 'drizzle-orm';
import { type DbOrTx, getDb } from '@/db/client';
import { events as eventsTable } from '@/db/schema';
import type { EventDetail } from '@/lib/schemas/event-responses';
import { warsawParts, warsawZone } from '@/lib/warsaw-time';
import { seriesExceptionsOf } from './save-series';
import { ruleForExport } from './series';

// RFC 5545: escape text, fold lines at 75 octets, CRLF line ends, times in UTC; a series' times in Warsaw
// wall-clock time, so its rule keeps the hour across the change to and from summer time.
// TEXT may hold no control character but HTAB (§3.3.11): any line break (a bare CR too, which some
// parsers split on, so a name could open a VEVENT of its own) becomes the \n escape; the others go.
const lineBreak = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters TEXT must not hold
const control = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;
const escapeText = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(lineBreak, '\\n')
    .replace(control, '');
const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + (start === 0 ? 75 : 74), bytes.length);
    // Never cut a UTF-8 character in half.
    while (end < bytes.length && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
  }
  return parts.join('\r\n ');
}

/** Warsaw wall-clock time of an instant, as a DATE-TIME with TZID writes it. */
function local(iso: string): string {
  const p = warsawParts(iso);
  return `${p.year}${p.month}${p.day}T${p.hour}${p.minute}${p.second}`;
}

/**
 * A series as one recurring VEVENT (issue 17): its first date (DTSTART, DTEND), its rule, the dates the
 * owner cancelled (EXDATE) and the ones moved (a VEVENT each, with the RECURRENCE-ID where the rule put
 * it). Times are ISO instants.
 */
export interface IcsSeries {
  rule: string;
  start: string;
  end: string;
  exdates: string[];
  /** `name`: the date's own title, when it has one (an imported override's SUMMARY). */
  overrides: { recurrenceId: string; start: string; end: string; name?: string | null }[];
}

/** One VEVENT; times are ISO strings in UTC. A series' `start` and `end` give way to its own. */
export interface IcsEvent {
  id: number;
  /** A UID of its own (a ticket's date, issue 33), not the event's. */
  uid?: string;
  name: string;
  start: string;
  end: string;
  location?: string;
  description?: string;
  url?: string;
  geo?: { lat: number; lng: number } | null;
  cancelled?: boolean;
  series?: IcsSeries;
}

/** The series columns of an event row. */
export interface SeriesColumns {
  id: number;
  repeatRule: string | null;
  seriesStart: Date | null;
  seriesEnd: Date | null;
}

/** The series among `rows` by event id, their exceptions read in one query whatever their number. */
export async function icsSeriesOf(db: DbOrTx, rows: SeriesColumns[]): Promise<Map<number, IcsSeries>> {
  const isSeries = (r: SeriesColumns) =>
    r.repeatRule !== null && r.seriesStart !== null && r.seriesEnd !== null;
  const exceptions = await seriesExceptionsOf(
    db,
    rows.filter(isSeries).map((r) => r.id),
  );
  const byEvent = new Map<number, IcsSeries>();
  for (const { id, repeatRule, seriesStart, seriesEnd } of rows) {
    if (repeatRule === null || seriesStart === null || seriesEnd === null) continue;
    // In the order of their dates: the same series is written the same way, so a feed keeps its ETag.
    const own = (exceptions.get(id) ?? []).sort(
      (x, y) => x.originalStart.getTime() - y.originalStart.getTime(),
    );
    const overrides: IcsSeries['overrides'] = [];
    for (const e of own) {
      if (e.start && e.end)
        overrides.push({
          recurrenceId: e.originalStart.toISOString(),
          start: e.start.toISOString(),
          end: e.end.toISOString(),
          name: e.name ?? null,
        });
    }
    byEvent.set(id, {
      rule: repeatRule,
      start: seriesStart.toISOString(),
      end: seriesEnd.toISOString(),
      exdates: own.filter((e) => e.start === null).map((e) => e.originalStart.toISOString()),
      overrides,
    });
  }
  return byEvent;
}

/** The series among the events `ids`, for a list that was read without their series columns. */
export async function loadIcsSeries(db: DbOrTx, ids: number[]): Promise<Map<number, IcsSeries>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: eventsTable.id,
      repeatRule: eventsTable.repeatRule,
      seriesStart: eventsTable.seriesStart,
      seriesEnd: eventsTable.seriesEnd,
    })
    .from(eventsTable)
    .where(and(inArray(eventsTable.id, ids), isNotNull(eventsTable.repeatRule)));
  return icsSeriesOf(db, rows);
}

/** The address line of an event, as LOCATION shows it. */
export function icsLocation(e: {
  place_name: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
}): string {
  return [e.place_name, e.street, [e.postcode, e.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

const tzid = `TZID=${warsawZone}`;

// The UID stays the same for an event in the .ics file and the feed, so a calendar app that holds
// both sees one event, and a cancellation in the feed replaces it. A moved date of a series is one more
// VEVENT with the same UID and the RECURRENCE-ID of the date it replaces (RFC 5545 §3.8.4.4).
function veventLines(e: IcsEvent, dtstamp: string): string[] {
  const head = ['BEGIN:VEVENT', `UID:${e.uid ?? `event-${e.id}`}@wydarzeniaimiejsca`, `DTSTAMP:${dtstamp}`];
  const details = (name: string) => [
    `SUMMARY:${escapeText(name)}`,
    ...(e.location !== undefined ? [`LOCATION:${escapeText(e.location)}`] : []),
    ...(e.description !== undefined ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
    ...(e.url ? [`URL:${e.url}`] : []),
    ...(e.geo ? [`GEO:${e.geo.lat};${e.geo.lng}`] : []),
    ...(e.cancelled ? ['STATUS:CANCELLED'] : []),
    'END:VEVENT',
  ];
  const series = e.series;
  if (!series) return [...head, `DTSTART:${stamp(e.start)}`, `DTEND:${stamp(e.end)}`, ...details(e.name)];
  return [
    ...head,
    `DTSTART;${tzid}:${local(series.start)}`,
    `DTEND;${tzid}:${local(series.end)}`,
    `RRULE:${ruleForExport(series.rule)}`,
    ...series.exdates.map((d) => `EXDATE;${tzid}:${local(d)}`),
    ...details(e.name),
    ...series.overrides.flatMap((o) => [
      ...head,
      `RECURRENCE-ID;${tzid}:${local(o.recurrenceId)}`,
      `DTSTART;${tzid}:${local(o.start)}`,
      `DTEND;${tzid}:${local(o.end)}`,
      ...details(o.name || e.name),
    ]),
  ];
}

// The zone a series' times name, as calendar apps that know no zone names need it spelled out: summer
// time from the last Sunday of March at 02:00 to the last Sunday of October at 03:00 (EU rules).
const warsawTimezone = [
  'BEGIN:VTIMEZONE',
  `TZID:${warsawZone}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/**
 * A VCALENDAR of the events; `name` titles a subscribed calendar and `description` says what it holds
 * (X-WR-CALNAME and X-WR-CALDESC, read by Google and Apple).
 */
export function icsCalendar(
  events: IcsEvent[],
  { name, description }: { name?: string; description?: string } = {},
): string {
  const dtstamp = stamp(new Date().toISOString());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Wydarzenia i Miejsca//PL',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(name ? [`X-WR-CALNAME:${escapeText(name)}`] : []),
    ...(description ? [`X-WR-CALDESC:${escapeText(description)}`] : []),
    ...(events.some((e) => e.series) ? warsawTimezone : []),
    ...events.flatMap((e) => veventLines(e, dtstamp)),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** One event as an iCalendar file, for Google, Apple and Outlook calendars; a series with its rule. */
export async function eventToIcs(
  event: EventDetail,
  { url, plainDescription }: { url: string; plainDescription: string },
): Promise<string> {
  const series = event.series ? (await loadIcsSeries(await getDb(), [event.id])).get(event.id) : undefined;
  return icsCalendar([
    {
      id: event.id,
      name: event.name,
      start: event.start_date,
      end: event.end_date,
      location: icsLocation(event),
      description: `${plainDescription}\n${url}`.trim(),
      url,
      geo: event.lat && event.lng ? { lat: event.lat, lng: event.lng } : null,
      series,
    },
  ]);
}
