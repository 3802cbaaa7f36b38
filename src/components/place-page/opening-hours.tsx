import { getFormatter, getTranslations } from 'next-intl/server';
import { weekDays } from '@/lib/form-limits';
import { upcomingSpecialDays, warsawDateTime } from '@/lib/opening-hours';
import type { PlaceDetail } from '@/lib/schemas/place-responses';
import { warsawWeekday } from '@/lib/weekdays';

type Hours = Pick<PlaceDetail['place_hours'][number], 'from' | 'to' | 'closed' | 'whole_day'>;

/** Issue 30: "Otwarte teraz · do 22:00" or "Zamknięte", from the place's weekly and special hours. */
export async function OpenNowBadge({ openNow }: { openNow: PlaceDetail['open_now'] }) {
  const t = await getTranslations('place_page');
  return (
    <p
      data-open-now={openNow.open ? 'open' : 'closed'}
      className={`inline-flex min-h-8 items-center gap-2 rounded-full px-3 text-sm font-semibold ${
        openNow.open ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'
      }`}
    >
      <span
        aria-hidden="true"
        className={`h-2 w-2 rounded-full ${openNow.open ? 'bg-emerald-600' : 'bg-slate-500'}`}
      />
      {openNow.open
        ? openNow.until
          ? t('open_now_until', { time: openNow.until })
          : t('open_now_all_day')
        : t('closed_now')}
    </p>
  );
}

/** Spec §2/§3: seven days, Monday first, today marked; closed, open 24 hours or HH:mm–HH:mm. */
export async function OpeningHours({
  hours,
  special = [],
  openNow,
}: {
  hours: PlaceDetail['place_hours'];
  special?: PlaceDetail['special_hours'];
  openNow?: PlaceDetail['open_now'];
}) {
  const t = await getTranslations('place_page');
  const format = await getFormatter();
  const upcoming = upcomingSpecialDays(special, warsawDateTime(new Date()).date, 60);
  if (!hours.length && !upcoming.length) return <p className="text-slate-600">{t('hours_empty')}</p>;
  const today = warsawWeekday();
  const dayValue = (h: Hours | undefined) =>
    !h
      ? t('no_data')
      : h.closed
        ? t('closed')
        : h.whole_day
          ? t('whole_day')
          : h.from && h.to
            ? `${h.from}–${h.to}`
            : t('no_data');
  return (
    <div className="grid gap-3">
      {openNow && (hours.length > 0 || upcoming.length > 0) && <OpenNowBadge openNow={openNow} />}
      {hours.length > 0 && <WeekTable hours={hours} today={today} dayValue={dayValue} t={t} />}
      {upcoming.length > 0 && (
        <div>
          <h3 className="mb-1 text-sm font-semibold text-slate-800">{t('special_days')}</h3>
          <table className="w-full text-sm" data-special-days>
            <tbody>
              {upcoming.map((d) => (
                <tr key={d.date} data-date={d.date} className="even:bg-slate-50">
                  <th scope="row" className="rounded-l-md px-2 py-1.5 text-left font-medium">
                    <time dateTime={d.date}>
                      {format.dateTime(new Date(`${d.date}T12:00:00Z`), {
                        weekday: 'short',
                        day: 'numeric',
                        month: 'long',
                        timeZone: 'UTC',
                      })}
                    </time>
                  </th>
                  <td className="rounded-r-md px-2 py-1.5 text-right tabular-nums">{dayValue(d)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function WeekTable({
  hours,
  today,
  dayValue,
  t,
}: {
  hours: PlaceDetail['place_hours'];
  today: number;
  dayValue: (h: Hours | undefined) => string;
  t: Awaited<ReturnType<typeof getTranslations<'place_page'>>>;
}) {
  return (
    <table className="w-full text-sm">
      <tbody>
        {weekDays.map((day) => {
          const value = dayValue(hours.find((x) => x.week_day === day));
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
