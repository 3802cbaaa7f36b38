import { describe, expect, it } from 'vitest';
import { dateToWarsaw, warsawToDate } from './warsaw-time';

describe('Warsaw wall-clock time', () => {
  it('converts in winter (UTC+1) and summer (UTC+2)', () => {
    expect(warsawToDate('2026-12-24', '18:30')?.toISOString()).toBe('2026-12-24T17:30:00.000Z');
    expect(warsawToDate('2026-07-04', '20:00')?.toISOString()).toBe('2026-07-04T18:00:00.000Z');
  });
  it('handles the days the clocks change', () => {
    expect(warsawToDate('2026-03-29', '12:00')?.toISOString()).toBe('2026-03-29T10:00:00.000Z');
    expect(warsawToDate('2026-10-25', '12:00')?.toISOString()).toBe('2026-10-25T11:00:00.000Z');
  });
  it('refuses impossible dates and times', () => {
    expect(warsawToDate('2026-02-30', '10:00')).toBeNull();
    expect(warsawToDate('2026-12-01', '24:00')).toBeNull();
    expect(warsawToDate('01.12.2026', '10:00')).toBeNull();
  });
  it('reads an instant back as Warsaw date and hour', () => {
    expect(dateToWarsaw('2026-12-24T17:30:00Z')).toEqual({ date: '2026-12-24', time: '18:30' });
  });
});
