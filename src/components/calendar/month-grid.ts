// The arithmetic of the monthly calendar (spec §2 /calendar): months as `YYYY-MM`, weeks from Monday,
// days as Warsaw `YYYY-MM-DD` strings, which compare in date order.

export interface Month {
  year: number;
  /** 1 to 12 */
  month: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

export const monthKey = ({ year, month }: Month) => `${year}-${pad(month)}`;

/** `?month=YYYY-MM`, or the month of `today` (YYYY-MM-DD) when it is missing or not a month. */
export function parseMonth(value: string | undefined, today: string): Month {
  const m = value?.match(/^(\d{4})-(\d{2})$/);
  const year = Number(m?.[1]);
  const month = Number(m?.[2]);
  if (m && year >= 1900 && month >= 1 && month <= 12) return { year, month };
  return { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
}

export function shiftMonth({ year, month }: Month, by: number): Month {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export interface GridDay {
  date: string;
  /** False for the days of the neighbouring months that fill the first and last week. */
  inMonth: boolean;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The month's weeks, Monday first, filled out with the neighbouring months' days. */
export function monthWeeks({ year, month }: Month): GridDay[][] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const total = Math.ceil((lead + length) / 7) * 7;
  const weeks: GridDay[][] = [];
  for (let i = 0; i < total; i++) {
    const date = new Date(Date.UTC(year, month - 1, 1 - lead + i));
    if (i % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1]?.push({ date: isoDay(date), inMonth: date.getUTCMonth() === month - 1 });
  }
  return weeks;
}

/** Whether an event spanning the days `from`..`to` (inclusive) touches `day`. */
export const coversDay = (day: string, from: string, to: string) => from <= day && day <= to;
