import { describe, expect, it } from 'vitest';
import { NotCalendarError, parseFeed } from './parse-ics';

const calendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...lines, 'END:VCALENDAR'].join('\r\n');

const vevent = (uid: string, ...lines: string[]) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  'DTSTAMP:20261101T000000Z',
  'SUMMARY:Koncert',
  ...lines,
  'END:VEVENT',
];

describe('parseFeed', () => {
  it('refuses text that is no iCalendar', () => {
    expect(() => parseFeed('<html></html>')).toThrow(NotCalendarError);
    expect(() => parseFeed('BEGIN:VCARD\r\nVERSION:4.0\r\nEND:VCARD')).toThrow(NotCalendarError);
  });

  it('marks series, cancellations and events without a UID', () => {
    const entries = parseFeed(
      calendar(
        ...vevent('s', 'DTSTART:20270105T180000Z', 'DTEND:20270105T200000Z', 'RRULE:FREQ=WEEKLY'),
        ...vevent('c', 'DTSTART:20270105T180000Z', 'DTEND:20270105T200000Z', 'STATUS:CANCELLED'),
        ...vevent('', 'DTSTART:20270105T180000Z', 'DTEND:20270105T200000Z'),
      ),
    );
    expect(entries.map((e) => (e.kind === 'skip' ? e.reason : e.kind))).toEqual([
      'repeating',
      'cancelled',
      'no_uid',
    ]);
  });

  it('uses the file own VTIMEZONE for a TZID that is no IANA zone', () => {
    const [entry] = parseFeed(
      calendar(
        'BEGIN:VTIMEZONE',
        'TZID:Tokyo Standard Time',
        'BEGIN:STANDARD',
        'DTSTART:16010101T000000',
        'TZOFFSETFROM:+0900',
        'TZOFFSETTO:+0900',
        'END:STANDARD',
        'END:VTIMEZONE',
        ...vevent(
          'w',
          'DTSTART;TZID=Tokyo Standard Time:20270710T180000',
          'DTEND;TZID=Tokyo Standard Time:20270710T200000',
        ),
      ),
    );
    // 20:00 at UTC+9 is 11:00 UTC (read as Warsaw's, it would be 18:00 UTC).
    expect(entry).toMatchObject({ kind: 'event', end: new Date('2027-07-10T11:00:00Z') });
  });

  it('keeps only http(s) links as the ticket link', () => {
    const [a, b] = parseFeed(
      calendar(
        ...vevent('a', 'DTSTART:20270105T180000Z', 'DTEND:20270105T200000Z', 'URL:javascript:alert(1)'),
        ...vevent(
          'b',
          'DTSTART:20270105T180000Z',
          'DTEND:20270105T200000Z',
          'URL:https://bilety.example.com/',
        ),
      ),
    );
    expect(a).toMatchObject({ fields: { buy_ticket_url: undefined } });
    expect(b).toMatchObject({ fields: { buy_ticket_url: 'https://bilety.example.com/' } });
  });
});
