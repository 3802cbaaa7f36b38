import 'server-only';
import type { EventDetail } from '@/lib/schemas/event-responses';

// RFC 5545: escape text, fold lines at 75 octets, CRLF line ends, times in UTC.
const escapeText = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
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

/** One VEVENT; times are ISO strings in UTC. */
export interface IcsEvent {
  id: number;
  name: string;
  start: string;
  end: string;
  location?: string;
  description?: string;
  url?: string;
  geo?: { lat: number; lng: number } | null;
  cancelled?: boolean;
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

// The UID stays the same for an event in the .ics file and the feed, so a calendar app that holds
// both sees one event, and a cancellation in the feed replaces it.
function veventLines(e: IcsEvent, dtstamp: string): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:event-${e.id}@wydarzeniaimiejsca`,
    `DTSTAMP:${dtstamp}`,
    `DTSTART:${stamp(e.start)}`,
    `DTEND:${stamp(e.end)}`,
    `SUMMARY:${escapeText(e.name)}`,
    ...(e.location !== undefined ? [`LOCATION:${escapeText(e.location)}`] : []),
    ...(e.description !== undefined ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
    ...(e.url ? [`URL:${e.url}`] : []),
    ...(e.geo ? [`GEO:${e.geo.lat};${e.geo.lng}`] : []),
    ...(e.cancelled ? ['STATUS:CANCELLED'] : []),
    'END:VEVENT',
  ];
}

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
    ...events.flatMap((e) => veventLines(e, dtstamp)),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** One event as an iCalendar file, for Google, Apple and Outlook calendars. */
export function eventToIcs(
  event: EventDetail,
  { url, plainDescription }: { url: string; plainDescription: string },
): string {
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
    },
  ]);
}
