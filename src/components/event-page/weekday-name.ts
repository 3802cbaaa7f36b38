import { type WeekdayCode, weekdayCodes } from '@/lib/weekdays';

// 2024-01-01 was a Monday: the days of that week name each weekday code in any locale through Intl.
const mondayUtc = Date.UTC(2024, 0, 1, 12);

/** The locale's name of a weekday code (MO … SU). */
export function weekdayName(code: string, locale: string, width: 'long' | 'short'): string {
  const offset = Math.max(0, weekdayCodes.indexOf(code as WeekdayCode));
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(
    new Date(mondayUtc + offset * 86_400_000),
  );
}
