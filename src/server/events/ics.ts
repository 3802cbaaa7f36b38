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

/** One event as an iCalendar file, for Google, Apple and Outlook calendars. */
export function eventToIcs(
  event: EventDetail,
  { url, plainDescription }: { url: string; plainDescription: string },
): string {
  const location = [event.place_name, event.street, [event.postcode, event.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Wydarzenia i Miejsca//PL',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:event-${event.id}@wydarzeniaimiejsca`,
    `DTSTAMP:${stamp(new Date().toISOString())}`,
    `DTSTART:${stamp(event.start_date)}`,
    `DTEND:${stamp(event.end_date)}`,
    `SUMMARY:${escapeText(event.name)}`,
    `LOCATION:${escapeText(location)}`,
    `DESCRIPTION:${escapeText(`${plainDescription}\n${url}`.trim())}`,
    `URL:${url}`,
    ...(event.lat && event.lng ? [`GEO:${event.lat};${event.lng}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
