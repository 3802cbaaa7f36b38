import { describe, expect, it } from 'vitest';
import { ruleDates } from '@/server/events/series';
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

  it('marks cancellations and events without a UID', () => {
    const entries = parseFeed(
      calendar(
        ...vevent('c', 'DTSTART:20270105T180000Z', 'DTEND:20270105T200000Z', 'STATUS:CANCELLED'),
        ...vevent('', 'DTSTART:20270105T180000Z', 'DTEND:20270105T200000Z'),
      ),
    );
    expect(entries.map((e) => (e.kind === 'skip' ? e.reason : e.kind))).toEqual(['cancelled', 'no_uid']);
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

describe('parseFeed: series', () => {
  const warsaw = (prop: string, value: string) => `${prop};TZID=Europe/Warsaw:${value}`;
  const saturdays = (...lines: string[]) =>
    vevent(
      'quiz',
      warsaw('DTSTART', '20270306T190000'),
      warsaw('DTEND', '20270306T210000'),
      'RRULE:FREQ=WEEKLY;BYDAY=SA;UNTIL=20270403T170000Z',
      ...lines,
    );

  it('keeps a rule with a UTC UNTIL on Warsaw clock, so its last date survives the change to summer time', () => {
    const [entry] = parseFeed(calendar(...saturdays()));
    // 17:00 UTC on 3 April is 19:00 summer time: the last Saturday is still in, at 19:00 like the others.
    expect(entry).toMatchObject({
      kind: 'event',
      end: null,
      fields: {
        repeat: 'custom',
        repeat_rule: 'FREQ=WEEKLY;BYDAY=SA;UNTIL=20270403T190000',
        start_date: '2027-03-06',
        start_date_h: '19:00',
        end_date_h: '21:00',
        cancel_dates: [],
        move_from: [],
      },
    });
    const rule = entry?.kind === 'event' ? String(entry.fields.repeat_rule) : '';
    const { dates } = ruleDates(rule, new Date('2027-03-06T18:00:00Z'), { horizon: new Date('2028-01-01') });
    expect(dates.map((d) => d.toISOString())).toEqual([
      '2027-03-06T18:00:00.000Z',
      '2027-03-13T18:00:00.000Z',
      '2027-03-20T18:00:00.000Z',
      '2027-03-27T18:00:00.000Z',
      '2027-04-03T17:00:00.000Z',
    ]);
  });

  it('reads an all-day UNTIL as the whole day', () => {
    const [entry] = parseFeed(
      calendar(
        ...vevent(
          'd',
          'DTSTART:20270105T180000Z',
          'DTEND:20270105T200000Z',
          'RRULE:FREQ=DAILY;INTERVAL=2;UNTIL=20270131',
        ),
      ),
    );
    expect(entry).toMatchObject({
      fields: { repeat_rule: 'FREQ=DAILY;INTERVAL=2;UNTIL=20270131T235959', start_date_h: '19:00' },
    });
  });

  it('takes EXDATEs as cancelled dates and RECURRENCE-ID overrides as moved or cancelled ones', () => {
    const entries = parseFeed(
      calendar(
        ...saturdays(
          `${warsaw('EXDATE', '20270313T190000')},20270327T190000`,
          // A UTC EXDATE names its Warsaw day, whatever the time.
          'EXDATE:20270320T180000Z',
        ),
        // Moved to Sunday 18:00.
        ...vevent(
          'quiz',
          warsaw('RECURRENCE-ID', '20270403T190000'),
          warsaw('DTSTART', '20270404T180000'),
          warsaw('DTEND', '20270404T200000'),
        ),
        // Renamed only: the date stays where the rule puts it.
        ...vevent(
          'quiz',
          warsaw('RECURRENCE-ID', '20270306T190000'),
          warsaw('DTSTART', '20270306T190000'),
          warsaw('DTEND', '20270306T210000'),
          'SUMMARY:Koncert (finał)',
        ),
      ),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      uid: 'quiz',
      fields: {
        cancel_dates: ['2027-03-13', '2027-03-27', '2027-03-20'],
        move_from: ['2027-04-03'],
        move_date: ['2027-04-04'],
        move_time: ['18:00'],
      },
    });
  });

  it('takes a cancelled override as a cancelled date, and reads an override without its series alone', () => {
    const entries = parseFeed(
      calendar(
        ...saturdays(),
        ...vevent(
          'quiz',
          warsaw('RECURRENCE-ID', '20270320T190000'),
          warsaw('DTSTART', '20270320T190000'),
          'STATUS:CANCELLED',
        ),
        ...vevent(
          'lonely',
          'RECURRENCE-ID:20270320T180000Z',
          'DTSTART:20270321T180000Z',
          'DTEND:20270321T200000Z',
        ),
      ),
    );
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ fields: { cancel_dates: ['2027-03-20'], move_from: [] } });
    expect(entries[1]).toMatchObject({ uid: 'lonely', kind: 'event', fields: { start_date: '2027-03-21' } });
    expect(entries[1]).not.toHaveProperty('fields.repeat');
  });

  it('skips what the portal cannot keep as the feed means it: RDATE, YEARLY, BYSETPOS, THISANDFUTURE', () => {
    const at = ['DTSTART:20270105T180000Z', 'DTEND:20270105T200000Z'];
    const entries = parseFeed(
      calendar(
        ...vevent('rdate', ...at, 'RDATE:20270110T180000Z'),
        ...vevent('rrule-rdate', ...at, 'RRULE:FREQ=WEEKLY', 'RDATE:20270110T180000Z'),
        ...vevent('yearly', ...at, 'RRULE:FREQ=YEARLY'),
        ...vevent('setpos', ...at, 'RRULE:FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=-1'),
        ...vevent('broken', ...at, 'RRULE:FREQ=SOMETIMES'),
        ...vevent('future', ...at, 'RRULE:FREQ=WEEKLY'),
        ...vevent('future', 'RECURRENCE-ID;RANGE=THISANDFUTURE:20270112T180000Z', 'DTSTART:20270112T190000Z'),
        // 23:30 UTC on Saturday is Sunday in Warsaw: BYDAY=SA would name the wrong day there.
        ...vevent(
          'shifted',
          'DTSTART:20270102T233000Z',
          'DTEND:20270103T010000Z',
          'RRULE:FREQ=WEEKLY;BYDAY=SA',
        ),
      ),
    );
    expect(entries.map((e) => (e.kind === 'skip' ? `${e.uid}:${e.reason}` : e.uid))).toEqual([
      'rdate:unsupported_rule',
      'rrule-rdate:unsupported_rule',
      'yearly:unsupported_rule',
      'setpos:unsupported_rule',
      'broken:unsupported_rule',
      'future:unsupported_rule',
      'shifted:unsupported_rule',
    ]);
  });
});
