import { describe, expect, it } from 'vitest';
import { warsawToDate } from '@/lib/warsaw-time';
import {
  buildRule,
  monthlyWeekdayOf,
  type RepeatFields,
  ruleDates,
  ruleForExport,
  ruleProblem,
  ruleToFields,
  seriesOccurrences,
} from './series';

const at = (day: string, time = '19:00') => warsawToDate(day, time) as Date;
const base: RepeatFields = { freq: 'weekly', interval: 1, days: [], monthly: 'date', until: null, count: 4 };
const far = new Date('2040-01-01T00:00:00Z');

describe('series rules', () => {
  it('builds the RRULE of the form and reads it back', () => {
    const start = at('2031-03-15');
    const cases: [RepeatFields, string][] = [
      [base, 'FREQ=WEEKLY;BYDAY=SA;COUNT=4'],
      [{ ...base, interval: 2, days: ['SU', 'SA'] }, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA,SU;COUNT=4'],
      [{ ...base, freq: 'daily', count: null, until: '2031-04-01' }, 'FREQ=DAILY;UNTIL=20310401T235959'],
      [{ ...base, freq: 'monthly' }, 'FREQ=MONTHLY;BYMONTHDAY=15;COUNT=4'],
      [{ ...base, freq: 'monthly', monthly: 'weekday' }, 'FREQ=MONTHLY;BYDAY=3SA;COUNT=4'],
    ];
    for (const [fields, rule] of cases) {
      expect(buildRule(fields, start)).toBe(rule);
      const back = ruleToFields(rule, start);
      expect(back).toMatchObject({ freq: fields.freq, interval: fields.interval, count: fields.count });
    }
    expect(ruleToFields('FREQ=WEEKLY;BYDAY=SA,SU;COUNT=4', start)?.days).toEqual(['SA', 'SU']);
    expect(ruleToFields('FREQ=DAILY;UNTIL=20310401T235959', start)?.until).toBe('2031-04-01');
  });

  it('names the last weekday of a month as -1', () => {
    expect(monthlyWeekdayOf(at('2031-01-25'))).toBe('-1SA');
    expect(monthlyWeekdayOf(at('2031-01-04'))).toBe('1SA');
    expect(monthlyWeekdayOf(at('2031-01-22'))).toBe('4WE');
  });

  it('refuses rules it cannot show and rules that do not parse', () => {
    expect(ruleProblem('FREQ=WEEKLY;BYDAY=SA')).toBeNull();
    expect(ruleProblem('FREQ=YEARLY')).toBe('unsupported');
    expect(ruleProblem('FREQ=WEEKLY;BYHOUR=10')).toBe('unsupported');
    expect(ruleProblem('FREQ=NEVER')).toBe('invalid');
    expect(ruleToFields('FREQ=MONTHLY;BYDAY=SA', at('2031-03-15'))).toBeNull();
  });

  it('keeps the Warsaw hour across both changes of the clocks', () => {
    const { dates } = ruleDates('FREQ=WEEKLY;BYDAY=SU;COUNT=3', at('2031-03-23', '10:00'), { horizon: far });
    expect(dates.map((d) => d.toISOString())).toEqual([
      '2031-03-23T09:00:00.000Z',
      '2031-03-30T08:00:00.000Z',
      '2031-04-06T08:00:00.000Z',
    ]);
    const autumn = ruleDates('FREQ=DAILY;COUNT=2', at('2031-10-25', '12:00'), { horizon: far });
    expect(autumn.dates.map((d) => d.toISOString())).toEqual([
      '2031-10-25T10:00:00.000Z',
      '2031-10-26T11:00:00.000Z',
    ]);
  });

  it('stops at the horizon and at the limit, and says so', () => {
    const open = ruleDates('FREQ=DAILY', at('2031-01-01'), { horizon: at('2031-01-10') });
    // The horizon itself still counts.
    expect(open.dates).toHaveLength(10);
    expect(open.complete).toBe(false);
    const limited = ruleDates('FREQ=DAILY;COUNT=50', at('2031-01-01'), { horizon: far, limit: 10 });
    expect(limited).toMatchObject({ complete: false });
    expect(limited.dates).toHaveLength(10);
    // A rule that never matches (no 31st in February) ends instead of spinning.
    expect(
      ruleDates('FREQ=MONTHLY;BYMONTHDAY=31;INTERVAL=12', at('2031-02-03'), { horizon: far }).dates,
    ).toHaveLength(0);
  });

  it('applies cancellations and moves', () => {
    const start = at('2031-03-15');
    const { occurrences, cancelled } = seriesOccurrences(
      {
        rule: 'FREQ=WEEKLY;BYDAY=SA;COUNT=3',
        start,
        end: new Date(start.getTime() + 3_600_000),
        exceptions: [
          {
            originalStart: at('2031-03-15'),
            start: at('2031-03-30', '09:00'),
            end: at('2031-03-30', '10:00'),
          },
          { originalStart: at('2031-03-22'), start: null, end: null },
        ],
      },
      { horizon: far },
    );
    expect(cancelled).toEqual([at('2031-03-22')]);
    expect(occurrences.map((o) => o.start)).toEqual([at('2031-03-29'), at('2031-03-30', '09:00')]);
  });

  it('writes UNTIL in UTC for the export', () => {
    expect(ruleForExport('FREQ=DAILY;UNTIL=20310401T235959')).toBe('FREQ=DAILY;UNTIL=20310401T215959Z');
    expect(ruleForExport('FREQ=DAILY;UNTIL=20310101T235959')).toBe('FREQ=DAILY;UNTIL=20310101T225959Z');
    expect(ruleForExport('FREQ=DAILY;COUNT=3')).toBe('FREQ=DAILY;COUNT=3');
  });
});
