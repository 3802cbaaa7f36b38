// Events are entered as a Warsaw wall-clock date and hour (spec §3 start_date + start_date_h) and
// stored as instants; these convert between the two across daylight-saving changes.

export const warsawZone = 'Europe/Warsaw';

// Made once: building an Intl formatter costs far more than using one.
const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: warsawZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export type WarsawParts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

/** The Warsaw wall-clock fields of an instant, each zero-padded ("2026", "03", "09", "18", "05", "00"). */
export function warsawParts(instant: Date | string | number): WarsawParts {
  return Object.fromEntries(
    partsFormat.formatToParts(new Date(instant)).map((p) => [p.type, p.value]),
  ) as WarsawParts;
}

/** How far Warsaw's wall clock is ahead of UTC at an instant (3 600 000 in winter, 7 200 000 in summer). */
export function warsawOffsetMs(instant: number): number {
  const parts = warsawParts(instant);
  const n = (key: keyof WarsawParts) => Number(parts[key]);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** "2026-12-24" + "18:30" in Warsaw → the instant. Null when the date or time is not valid. */
export function warsawToDate(date: string, time: string): Date | null {
  const d = date.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  const t = time.match(/^([01]\d|2[0-3]):([0-5]\d)$/);
  if (!d || !t) return null;
  const [y, m, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  // Date.UTC reads years 0–99 as 1900–1999; no event is that old.
  if (y < 1000) return null;
  const guess = Date.UTC(y, m - 1, day, Number(t[1]), Number(t[2]));
  const check = new Date(Date.UTC(y, m - 1, day));
  if (check.getUTCMonth() !== m - 1 || check.getUTCDate() !== day) return null;
  let instant = guess - warsawOffsetMs(guess);
  // A second pass settles the offset on days the clocks change.
  instant = guess - warsawOffsetMs(instant);
  return new Date(instant);
}

/** The Warsaw date ("YYYY-MM-DD") and hour ("HH:mm") of an instant, for form fields. */
export function dateToWarsaw(instant: Date | string): { date: string; time: string } {
  const parts = warsawParts(instant);
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}
