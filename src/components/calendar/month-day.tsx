import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/ui/link';

/** How many event names a day cell lists before "+N more". */
const namesPerDay = 2;

/** One day of the month's grid: its number, "selected" when the user has events then, and their names. */
export async function MonthDay({
  day,
  today,
  events,
}: {
  day: string;
  today: string;
  events: { id: number; name: string }[];
}) {
  const t = await getTranslations('calendar');
  const selected = events.length > 0;
  const isToday = day === today;
  return (
    <td
      data-state={selected ? 'selected' : 'free'}
      aria-current={isToday ? 'date' : undefined}
      className={`h-14 border border-slate-200 p-1 align-top sm:h-24 ${selected ? 'bg-brand-50' : ''}`}
    >
      <div className="flex flex-col items-center sm:items-start">
        <time
          dateTime={day}
          className={`flex h-7 w-7 items-center justify-center rounded-full text-sm ${
            isToday
              ? 'bg-brand-600 font-bold text-white'
              : selected
                ? 'font-semibold text-brand-700'
                : 'text-slate-800'
          }`}
        >
          {Number(day.slice(8))}
        </time>
        {isToday && <span className="sr-only">{t('today')}</span>}
        {selected && (
          <>
            <span className="sr-only">{t('day_events', { count: events.length })}</span>
            <span aria-hidden className="mt-1 h-2 w-2 rounded-full bg-accent-500 sm:hidden" />
            <ul className="mt-1 hidden w-full gap-0.5 sm:grid">
              {events.slice(0, namesPerDay).map((event) => (
                <li key={event.id} className="min-w-0">
                  <Link
                    href={`/event/${event.id}`}
                    title={event.name}
                    className="block truncate rounded bg-brand-600 px-1.5 py-0.5 text-xs text-white hover:bg-brand-700"
                  >
                    {event.name}
                  </Link>
                </li>
              ))}
              {events.length > namesPerDay && (
                <li className="px-1 text-xs text-slate-700">
                  {t('more', { count: events.length - namesPerDay })}
                </li>
              )}
            </ul>
          </>
        )}
      </div>
    </td>
  );
}
