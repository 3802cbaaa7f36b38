import { describe, expect, it } from 'vitest';
import { coversDay, monthKey, monthWeeks, parseMonth, shiftMonth } from './month-grid';

describe('month grid', () => {
  it('reads ?month=YYYY-MM and falls back to the month of today', () => {
    expect(parseMonth('2026-02', '2025-11-15')).toEqual({ year: 2026, month: 2 });
    expect(parseMonth('2026-13', '2025-11-15')).toEqual({ year: 2025, month: 11 });
    expect(parseMonth('abc', '2025-11-15')).toEqual({ year: 2025, month: 11 });
    expect(parseMonth(undefined, '2025-01-01')).toEqual({ year: 2025, month: 1 });
  });

  it('moves across years', () => {
    expect(monthKey(shiftMonth({ year: 2025, month: 12 }, 1))).toBe('2026-01');
    expect(monthKey(shiftMonth({ year: 2025, month: 1 }, -1))).toBe('2024-12');
    expect(monthKey(shiftMonth({ year: 2025, month: 5 }, -12))).toBe('2024-05');
  });

  it('starts weeks on Monday', () => {
    // 1 September 2025 is a Monday, 1 June 2025 a Sunday.
    expect(monthWeeks({ year: 2025, month: 9 })[0]?.[0]).toEqual({ date: '2025-09-01', inMonth: true });
    const june = monthWeeks({ year: 2025, month: 6 });
    expect(june[0]?.map((d) => d.date)).toEqual([
      '2025-05-26',
      '2025-05-27',
      '2025-05-28',
      '2025-05-29',
      '2025-05-30',
      '2025-05-31',
      '2025-06-01',
    ]);
    expect(june.flat().filter((d) => d.inMonth)).toHaveLength(30);
    expect(june.at(-1)?.at(-1)).toEqual({ date: '2025-07-06', inMonth: false });
    expect(june.every((week) => week.length === 7)).toBe(true);
  });

  it('knows leap years', () => {
    expect(
      monthWeeks({ year: 2028, month: 2 })
        .flat()
        .filter((d) => d.inMonth),
    ).toHaveLength(29);
    // February 2026 starts on a Sunday and fills five weeks.
    expect(
      monthWeeks({ year: 2026, month: 2 })
        .flat()
        .filter((d) => d.inMonth),
    ).toHaveLength(28);
    expect(monthWeeks({ year: 2026, month: 2 })).toHaveLength(5);
  });

  it('marks every day an event spans', () => {
    expect(coversDay('2025-11-02', '2025-11-01', '2025-11-03')).toBe(true);
    expect(coversDay('2025-11-04', '2025-11-01', '2025-11-03')).toBe(false);
  });
});
