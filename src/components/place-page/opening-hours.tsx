import { getTranslations } from 'next-intl/server';
import type { PlaceDetail } from '@/lib/schemas/place-responses';

/** Today's ISO weekday (1 = Monday) in Warsaw, whatever the server's zone. */
export function warsawWeekday(now = new Date()): number {
  const name = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Warsaw', weekday: 'short' }).format(now);
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(name) + 1;
}

const days = [1, 2, 3, 4, 5, 6, 7] as const;

/** Spec §2/§3: seven days, Monday first, today marked; closed, open 24 hours or HH:mm–HH:mm. */
export async function OpeningHours({ hours }: { hours: PlaceDetail['place_hours'] }) {
  const t = await getTranslations('place_page');
  if (!hours.length) return <p className="text-slate-600">{t('hours_empty')}</p>;
  const today = warsawWeekday();
  return (
    <table className="w-full text-sm">
      <tbody>
        {days.map((day) => {
          const h = hours.find((x) => x.week_day === day);
          const value = !h
            ? t('no_data')
            : h.closed
              ? t('closed')
              : h.whole_day
                ? t('whole_day')
                : h.from && h.to
                  ? `${h.from}–${h.to}`
                  : t('no_data');
          const isToday = day === today;
          return (
            <tr
              key={day}
              aria-current={isToday ? 'date' : undefined}
              className={isToday ? 'bg-brand-50 font-semibold text-brand-700' : 'even:bg-slate-50'}
            >
              <th scope="row" className="rounded-l-md px-2 py-1.5 text-left font-medium">
                {t(`day_${day}`)}
                {isToday && <span className="ml-1 text-xs font-normal">({t('today')})</span>}
              </th>
              <td className="rounded-r-md px-2 py-1.5 text-right tabular-nums">{value}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
