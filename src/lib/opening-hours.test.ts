import { describe, expect, it } from 'vitest';
import {
  closedAfterLateCase,
  closedAfterLateCases,
  openNowCases,
  specialCase,
  weeklyCase,
} from '@/test-support/open-now-cases';
import { addDays, openState, upcomingSpecialDays, warsawDateTime } from './opening-hours';
import { isoWeekday } from './weekdays';

describe('openState (issue 30)', () => {
  it.each(openNowCases)('%s', (_, instant, expected) => {
    const state = openState(weeklyCase, specialCase, new Date(instant));
    expect(state).toEqual(expected === false ? { open: false } : { open: true, until: expected });
  });

  it.each(closedAfterLateCases)('%s', (_, instant, expected) => {
    const state = openState(closedAfterLateCase, [], new Date(instant));
    expect(state).toEqual(expected === false ? { open: false } : { open: true, until: expected });
  });

  it('reads Sunday as 7 and Monday as 1', () => {
    expect(isoWeekday('2026-12-20')).toBe(7);
    expect(isoWeekday('2026-12-21')).toBe(1);
    expect(isoWeekday('2026-12-24')).toBe(4);
  });

  it('is closed on a weekday without hours', () => {
    expect(openState([], [], new Date('2026-12-21T12:00:00Z'))).toEqual({ open: false });
  });

  it('counts dates across a month and the clock change', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(warsawDateTime(new Date('2026-10-24T22:30:00Z'))).toEqual({ date: '2026-10-25', time: '00:30' });
  });

  it('lists the special days of the next 60 days in order', () => {
    const days = upcomingSpecialDays(
      [{ date: '2027-03-01' }, { date: '2026-12-31' }, { date: '2026-12-20' }, { date: '2027-02-18' }],
      '2026-12-21',
    );
    expect(days.map((d) => d.date)).toEqual(['2026-12-31', '2027-02-18']);
  });
});
