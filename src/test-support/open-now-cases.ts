// Issue 30: one place's hours and the instants both "open now" implementations are checked against
// (src/lib/opening-hours.test.ts and src/server/places/open-now.db.test.ts).
import type { SpecialHoursRule, WeeklyHoursRule } from '@/lib/opening-hours';

const day = (week_day: number, from: string, to: string): WeeklyHoursRule => ({
  week_day,
  from,
  to,
  closed: false,
  whole_day: false,
});

/** Mon–Thu 10–22, Friday 20–02 and Saturday 12–03 past midnight, Sunday 11–18. */
export const weeklyCase: WeeklyHoursRule[] = [
  day(1, '10:00', '22:00'),
  day(2, '10:00', '22:00'),
  day(3, '10:00', '22:00'),
  day(4, '10:00', '22:00'),
  day(5, '20:00', '02:00'),
  day(6, '12:00', '03:00'),
  day(7, '11:00', '18:00'),
];

const special = (
  date: string,
  from: string | null,
  to: string | null,
  flags: Partial<SpecialHoursRule> = {},
) => ({
  date,
  from,
  to,
  closed: false,
  whole_day: false,
  ...flags,
});

export const specialCase: SpecialHoursRule[] = [
  special('2026-12-24', null, null, { closed: true }),
  special('2026-12-26', null, null, { whole_day: true }),
  special('2026-12-28', '14:00', '20:00'),
  special('2026-12-30', '20:00', '04:00'),
  special('2026-12-31', '10:00', '16:00'),
  special('2027-01-02', null, null, { closed: true }),
];

/** [what, UTC instant, expected: false = closed, string = open until, null = open the whole day]. */
export const openNowCases: [string, string, false | string | null][] = [
  ['Monday before opening', '2026-12-21T08:59:00Z', false],
  ['Monday at opening', '2026-12-21T09:00:00Z', '22:00'],
  ['Monday at closing time', '2026-12-21T21:00:00Z', false],
  ['Friday evening, hours past midnight', '2026-12-18T22:30:00Z', '02:00'],
  ['Saturday 01:59, Friday still open', '2026-12-19T00:59:00Z', '02:00'],
  ['Saturday 02:00, Friday closed', '2026-12-19T01:00:00Z', false],
  ['special closed day (Thursday)', '2026-12-24T11:00:00Z', false],
  ['special day opening late, before', '2026-12-28T10:00:00Z', false],
  ['special day opening late, after', '2026-12-28T13:30:00Z', '20:00'],
  ['special whole day', '2026-12-26T04:00:00Z', null],
  ['special closed day stops the evening before', '2027-01-02T00:00:00Z', false],
  ['special hours past midnight carry over', '2026-12-31T02:00:00Z', '04:00'],
  ['special day after its hours', '2026-12-31T16:00:00Z', false],
  ['Sunday (7) open', '2026-12-20T11:00:00Z', '18:00'],
  ['Sunday (7) at closing', '2026-12-20T17:00:00Z', false],
  ['DST 2026-03-29 01:30 CET, Saturday still open', '2026-03-29T00:30:00Z', '03:00'],
  ['DST 2026-03-29 03:30 CEST, Saturday closed', '2026-03-29T01:30:00Z', false],
  ['DST 2026-03-29 11:30 CEST, Sunday open', '2026-03-29T09:30:00Z', '18:00'],
  ['DST 2026-10-25 02:30 CEST (first)', '2026-10-25T00:30:00Z', '03:00'],
  ['DST 2026-10-25 02:30 CET (second)', '2026-10-25T01:30:00Z', '03:00'],
  ['DST 2026-10-25 03:30 CET', '2026-10-25T02:30:00Z', false],
  ['DST 2026-10-25 17:45 CET, Sunday open', '2026-10-25T16:45:00Z', '18:00'],
];

/**
 * A second place: Saturday 20–02 then Sunday marked closed (a closed date shuts the hours carried into it),
 * Monday 23–01 into a Tuesday with no row (carried over all the same).
 */
export const closedAfterLateCase: WeeklyHoursRule[] = [
  day(6, '20:00', '02:00'),
  { week_day: 7, from: null, to: null, closed: true, whole_day: false },
  day(1, '23:00', '01:00'),
];

export const closedAfterLateCases: [string, string, false | string | null][] = [
  ['Saturday night', '2026-12-19T22:00:00Z', '02:00'],
  ['Sunday 01:00 after Saturday night, Sunday closed', '2026-12-20T00:00:00Z', false],
  ['Tuesday 00:30 after Monday night, no Tuesday row', '2026-12-21T23:30:00Z', '01:00'],
  ['Tuesday 01:00, closed', '2026-12-22T00:00:00Z', false],
];
