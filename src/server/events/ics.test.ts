import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { warsawToDate } from '@/lib/warsaw-time';
import { type IcsEvent, icsCalendar } from './ics';

// Issue 17 item 4: a series is one recurring VEVENT in Warsaw time, so a calendar app expands it to the
// same hour on both sides of the change to summer time; a single event keeps its UTC times.

const at = (day: string, time = '19:00') => (warsawToDate(day, time) as Date).toISOString();
const hours = (iso: string, n: number) => new Date(new Date(iso).getTime() + n * 3_600_000).toISOString();

// 2031-03-30 is the last Sunday of March: the clocks go forward between the 3rd and 4th Saturday.
const quiz: IcsEvent = {
  id: 7,
  name: 'Quiz, co sobotę',
  start: at('2031-04-12'),
  end: hours(at('2031-04-12'), 2),
  location: 'Sala, Gdańsk',
  series: {
    rule: 'FREQ=WEEKLY;BYDAY=SA;COUNT=6',
    start: at('2031-03-15'),
    end: at('2031-03-15', '21:00'),
    exdates: [at('2031-03-22')],
    overrides: [
      { recurrenceId: at('2031-04-05'), start: at('2031-04-06', '18:00'), end: at('2031-04-06', '20:00') },
    ],
  },
};

const unfolded = (body: string) => body.replace(/\r\n[ \t]/g, '').split('\r\n');

/** The calendar as a calendar app reads it: its own VTIMEZONE, the series' VEVENT and its moved dates. */
function parse(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const vevents = calendar.getAllSubcomponents('vevent');
  const master = vevents.find((v) => !v.hasProperty('recurrence-id'));
  if (!master) throw new Error('no VEVENT without RECURRENCE-ID');
  const event = new ICAL.Event(master);
  for (const v of vevents) if (v !== master) event.relateException(v);
  return { calendar, event };
}

/** The dates of the series as ISO instants, moved ones where they were moved to. */
function expand(event: ICAL.Event) {
  const dates: { start: string; end: string }[] = [];
  const iterator = event.iterator();
  for (let next = iterator.next(); next && dates.length < 100; next = iterator.next()) {
    const details = event.getOccurrenceDetails(next);
    dates.push({
      start: details.startDate.toJSDate().toISOString(),
      end: details.endDate.toJSDate().toISOString(),
    });
  }
  return dates;
}

afterEach(() => {
  ICAL.TimezoneService.reset();
});

describe('a series in iCalendar', () => {
  it('writes one VEVENT with DTSTART in Warsaw time, the RRULE, an EXDATE and a moved date', () => {
    const lines = unfolded(icsCalendar([quiz]));
    expect(lines.filter((l) => l === 'BEGIN:VTIMEZONE')).toHaveLength(1);
    expect(lines).toContain('TZID:Europe/Warsaw');
    expect(lines).toContain('RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU');
    expect(lines).toContain('RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines.filter((l) => l === 'UID:event-7@wydarzeniaimiejsca')).toHaveLength(2);
    expect(lines).toContain('DTSTART;TZID=Europe/Warsaw:20310315T190000');
    expect(lines).toContain('DTEND;TZID=Europe/Warsaw:20310315T210000');
    expect(lines).toContain('RRULE:FREQ=WEEKLY;BYDAY=SA;COUNT=6');
    expect(lines).toContain('EXDATE;TZID=Europe/Warsaw:20310322T190000');
    expect(lines).toContain('RECURRENCE-ID;TZID=Europe/Warsaw:20310405T190000');
    expect(lines).toContain('DTSTART;TZID=Europe/Warsaw:20310406T180000');
    expect(lines).toContain('DTEND;TZID=Europe/Warsaw:20310406T200000');
    // The current date (what lists show) is not the series' start.
    expect(lines.some((l) => l.startsWith('DTSTART:2031'))).toBe(false);
    // The moved date keeps what the series says.
    expect(lines.filter((l) => l === 'SUMMARY:Quiz\\, co sobotę')).toHaveLength(2);
  });

  it('expands in ical.js to 19:00 Warsaw on both sides of the change to summer time', () => {
    const { calendar, event } = parse(icsCalendar([quiz]));
    expect(calendar.getAllSubcomponents('vtimezone')).toHaveLength(1);
    expect(event.isRecurring()).toBe(true);
    expect(expand(event)).toEqual([
      { start: '2031-03-15T18:00:00.000Z', end: '2031-03-15T20:00:00.000Z' },
      { start: '2031-03-29T18:00:00.000Z', end: '2031-03-29T20:00:00.000Z' },
      { start: '2031-04-06T16:00:00.000Z', end: '2031-04-06T18:00:00.000Z' },
      { start: '2031-04-12T17:00:00.000Z', end: '2031-04-12T19:00:00.000Z' },
      { start: '2031-04-19T17:00:00.000Z', end: '2031-04-19T19:00:00.000Z' },
    ]);
  });

  it('writes a floating UNTIL in UTC and keeps its last day, after the change back to winter time', () => {
    const body = icsCalendar([
      {
        ...quiz,
        series: {
          rule: 'FREQ=DAILY;UNTIL=20311027T235959',
          start: at('2031-10-25', '20:30'),
          end: at('2031-10-25', '22:00'),
          exdates: [],
          overrides: [],
        },
      },
    ]);
    // 23:59:59 in winter time is 22:59:59 UTC.
    expect(unfolded(body)).toContain('RRULE:FREQ=DAILY;UNTIL=20311027T225959Z');
    expect(expand(parse(body).event).map((d) => d.start)).toEqual([
      '2031-10-25T18:30:00.000Z',
      '2031-10-26T19:30:00.000Z',
      '2031-10-27T19:30:00.000Z',
    ]);
  });
});

describe('a single event in iCalendar', () => {
  it('stays in UTC, without a VTIMEZONE', () => {
    const { series: _series, ...single } = quiz;
    const lines = unfolded(icsCalendar([single]));
    expect(lines).toContain('DTSTART:20310412T170000Z');
    expect(lines).toContain('DTEND:20310412T190000Z');
    expect(lines.some((l) => l.includes('VTIMEZONE') || l.includes('RRULE') || l.includes('TZID'))).toBe(
      false,
    );
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
  });

  it('gets the VTIMEZONE once in a calendar with a series beside it', () => {
    const lines = unfolded(icsCalendar([{ ...quiz, id: 8, series: undefined }, quiz, { ...quiz, id: 9 }]));
    expect(lines.filter((l) => l === 'BEGIN:VTIMEZONE')).toHaveLength(1);
    expect(lines).toContain('DTSTART:20310412T170000Z');
  });
});

describe('text values in iCalendar', () => {
  // Issue 26 item 9: an event named with bare CRs must not open a VEVENT of its own in a parser that splits
  // lines on CR, least of all one with another company's UID.
  const injected = 'Koncert\rEND:VEVENT\rBEGIN:VEVENT\rUID:event-1@wydarzeniaimiejsca\rSUMMARY:Nie nasze';
  const body = icsCalendar(
    [
      {
        id: 7,
        name: injected,
        start: at('2031-04-12'),
        end: hours(at('2031-04-12'), 2),
        location: 'Sala\u000b\u2028Gdańsk\u0000\u001b',
        description: 'Pierwsza\r\ndruga\nt\u0085rzecia\u007f\u0090\tz tabulatorem',
      },
    ],
    { name: 'Gdańsk\r\u0007', description: 'Wydarzenia\rw mieście' },
  );

  it('holds no control character but the CRLF line ends and HTAB', () => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters TEXT must not hold
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/);
    // A parser that splits on a bare CR or LF sees the same lines as one that splits on CRLF.
    expect(body.split(/\r\n|\r|\n/)).toEqual(body.split('\r\n'));
  });

  it('reads back as one VEVENT whose texts keep their line breaks as escaped newlines', () => {
    const calendar = new ICAL.Component(ICAL.parse(body));
    const vevents = calendar.getAllSubcomponents('vevent');
    expect(vevents).toHaveLength(1);
    const text = (name: string) => vevents[0]?.getFirstPropertyValue(name);
    expect(text('uid')).toBe('event-7@wydarzeniaimiejsca');
    expect(text('summary')).toBe(injected.replace(/\r/g, '\n'));
    expect(text('location')).toBe('Sala\n\nGdańsk');
    expect(text('description')).toBe('Pierwsza\ndruga\nt\nrzecia\tz tabulatorem');
    // ical.js leaves an X- property's value as written.
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Gdańsk\\n');
    expect(calendar.getFirstPropertyValue('x-wr-caldesc')).toBe('Wydarzenia\\nw mieście');
  });
});
