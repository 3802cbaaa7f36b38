import ICAL from 'ical.js';

// An iCalendar (RFC 5545) as a calendar app reads it: ical.js parses it, and the rules ical.js forgives
// are checked here by hand (CRLF line ends, lines folded at 75 octets, the required properties).

export interface ParsedVevent {
  uid: string;
  summary: string;
  location: string | null;
  description: string | null;
  url: string | null;
  start: string;
  end: string;
  stamp: string;
}

export interface ParsedCalendar {
  name: string | null;
  description: string | null;
  method: string | null;
  events: ParsedVevent[];
}

/** Parses `body`, throwing on the first rule of RFC 5545 it breaks. */
export function parseIcs(body: string): ParsedCalendar {
  if (!body.endsWith('\r\n')) throw new Error('the last line does not end with CRLF');
  if (/[^\r]\n|\r[^\n]/.test(body)) throw new Error('a line ends with a bare LF or CR (RFC 5545 §3.1)');
  const lines = body.slice(0, -2).split('\r\n');
  for (const [i, line] of lines.entries()) {
    if (Buffer.byteLength(line, 'utf8') > 75) throw new Error(`line ${i + 1} is longer than 75 octets`);
    if (line.includes('\uFFFD')) throw new Error(`line ${i + 1} has a UTF-8 sequence cut by folding`);
  }
  // A folded line continues with one space or tab; nothing else may start a line but a property name.
  const unfolded = body.replace(/\r\n[ \t]/g, '');
  for (const line of unfolded.slice(0, -2).split('\r\n')) {
    if (!/^[A-Za-z0-9-]+[;:]/.test(line)) throw new Error(`not a content line: ${line.slice(0, 40)}`);
  }
  const calendar = new ICAL.Component(ICAL.parse(body));
  if (calendar.name !== 'vcalendar') throw new Error('the root is not a VCALENDAR');
  for (const required of ['version', 'prodid']) {
    if (calendar.getAllProperties(required).length !== 1) throw new Error(`VCALENDAR needs one ${required}`);
  }
  if (calendar.getFirstPropertyValue('version') !== '2.0') throw new Error('VERSION is not 2.0');
  const events = calendar.getAllSubcomponents('vevent').map((v): ParsedVevent => {
    for (const required of ['uid', 'dtstamp', 'dtstart']) {
      if (v.getAllProperties(required).length !== 1) throw new Error(`a VEVENT needs one ${required}`);
    }
    const time = (name: string) => (v.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString();
    const text = (name: string) => (v.getFirstPropertyValue(name) as string | null) ?? null;
    return {
      uid: String(v.getFirstPropertyValue('uid')),
      summary: String(v.getFirstPropertyValue('summary')),
      location: text('location'),
      description: text('description'),
      url: text('url'),
      start: time('dtstart'),
      end: time('dtend'),
      stamp: time('dtstamp'),
    };
  });
  // A moved date of a series is one more VEVENT with the series' UID and a RECURRENCE-ID (§3.8.4.4).
  const masters = calendar.getAllSubcomponents('vevent').filter((v) => !v.hasProperty('recurrence-id'));
  const uids = new Set(masters.map((v) => String(v.getFirstPropertyValue('uid'))));
  if (uids.size !== masters.length) throw new Error('two VEVENTs share a UID');
  // ical.js leaves the value of an X- property as written; it is TEXT here (RFC 5545 §3.3.11).
  const text = (name: string) => {
    const value = calendar.getFirstPropertyValue(name) as string | null;
    return value?.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c)) ?? null;
  };
  return {
    name: text('x-wr-calname'),
    description: text('x-wr-caldesc'),
    method: text('method'),
    events,
  };
}
