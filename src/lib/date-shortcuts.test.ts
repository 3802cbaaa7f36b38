import { describe, expect, it } from 'vitest';
import { addDays, shortcutRange, shortcutsOf, weekdayOf } from './date-shortcuts';

const at = (iso: string) => new Date(iso);

describe('shortcutRange', () => {
  it('takes this Saturday and Sunday from Monday to Friday, a Friday evening included', () => {
    // Friday 27 November 2026, 22:30 in Warsaw (UTC+1).
    expect(shortcutRange('weekend', at('2026-11-27T21:30:00Z'))).toEqual({
      date_from: '2026-11-28',
      date_end: '2026-11-29',
    });
    // Monday 23 November, just after midnight in Warsaw (still Sunday in UTC).
    expect(shortcutRange('weekend', at('2026-11-22T23:05:00Z'))).toEqual({
      date_from: '2026-11-28',
      date_end: '2026-11-29',
    });
  });

  it('takes today and Sunday on a Saturday, and today only on a Sunday', () => {
    // Friday 23:30 UTC is already Saturday 00:30 in Warsaw.
    expect(shortcutRange('weekend', at('2026-11-27T23:30:00Z'))).toEqual({
      date_from: '2026-11-28',
      date_end: '2026-11-29',
    });
    expect(shortcutRange('weekend', at('2026-11-28T22:59:00Z'))).toEqual({
      date_from: '2026-11-28',
      date_end: '2026-11-29',
    });
    expect(shortcutRange('weekend', at('2026-11-29T09:00:00Z'))).toEqual({
      date_from: '2026-11-29',
      date_end: '2026-11-29',
    });
    // Sunday 23:59 in Warsaw is still Sunday; a minute later it is Monday and next weekend.
    expect(shortcutRange('weekend', at('2026-11-29T22:59:00Z')).date_from).toBe('2026-11-29');
    expect(shortcutRange('weekend', at('2026-11-29T23:00:00Z'))).toEqual({
      date_from: '2026-12-05',
      date_end: '2026-12-06',
    });
  });

  it('counts Warsaw calendar days across the changes of the clocks', () => {
    // The weekend of the change to winter time (Sunday 25 October 2026 has 25 hours).
    expect(shortcutRange('weekend', at('2026-10-23T20:30:00Z'))).toEqual({
      date_from: '2026-10-24',
      date_end: '2026-10-25',
    });
    // 00:30 on Sunday 25 October in Warsaw (UTC+2 until 03:00) is 22:30 on Saturday in UTC.
    expect(shortcutRange('weekend', at('2026-10-24T22:30:00Z'))).toEqual({
      date_from: '2026-10-25',
      date_end: '2026-10-25',
    });
    // 23:30 on that Sunday (UTC+1 by then) is still Sunday.
    expect(shortcutRange('today', at('2026-10-25T22:30:00Z')).date_from).toBe('2026-10-25');
    expect(shortcutRange('tomorrow', at('2026-10-25T22:30:00Z')).date_from).toBe('2026-10-26');
    // The change to summer time: Sunday 29 March 2026 has 23 hours; 23:59 there is 21:59 UTC.
    expect(shortcutRange('today', at('2026-03-29T21:59:00Z')).date_from).toBe('2026-03-29');
    expect(shortcutRange('today', at('2026-03-29T22:00:00Z')).date_from).toBe('2026-03-30');
    expect(shortcutRange('weekend', at('2026-03-26T12:00:00Z'))).toEqual({
      date_from: '2026-03-28',
      date_end: '2026-03-29',
    });
  });

  it('gives today and tomorrow as single days, across a month and a year', () => {
    expect(shortcutRange('today', at('2026-12-31T22:59:00Z'))).toEqual({
      date_from: '2026-12-31',
      date_end: '2026-12-31',
    });
    expect(shortcutRange('tomorrow', at('2026-12-31T12:00:00Z'))).toEqual({
      date_from: '2027-01-01',
      date_end: '2027-01-01',
    });
    // 23:30 on 31 December UTC is already 1 January in Warsaw.
    expect(shortcutRange('today', at('2026-12-31T23:30:00Z')).date_from).toBe('2027-01-01');
  });
});

describe('calendar arithmetic', () => {
  it('adds days and names weekdays on calendar dates', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-10-24', 1)).toBe('2026-10-25');
    expect(weekdayOf('2026-11-28')).toBe(6);
    expect(weekdayOf('2026-11-29')).toBe(0);
  });
});

describe('shortcutsOf', () => {
  const friday = at('2026-11-27T12:00:00Z');
  const sunday = at('2026-11-29T12:00:00Z');

  it('names the shortcut a range stands for today, and none for other days', () => {
    expect(shortcutsOf({ date_from: '2026-11-28', date_end: '2026-11-29' }, friday)).toEqual(['weekend']);
    expect(shortcutsOf({ date_from: '2026-11-28', date_end: '2026-11-28' }, friday)).toEqual(['tomorrow']);
    expect(shortcutsOf({ date_from: '2026-11-27', date_end: '2026-11-27' }, friday)).toEqual(['today']);
    // The same link a week later means the same days, not the next weekend.
    expect(
      shortcutsOf({ date_from: '2026-11-28', date_end: '2026-11-29' }, at('2026-12-04T12:00:00Z')),
    ).toEqual([]);
    expect(shortcutsOf({ date_from: '2026-11-28' }, friday)).toEqual([]);
  });

  it('names both today and the weekend on a Sunday', () => {
    expect(shortcutsOf({ date_from: '2026-11-29', date_end: '2026-11-29' }, sunday)).toEqual([
      'today',
      'weekend',
    ]);
  });
});
