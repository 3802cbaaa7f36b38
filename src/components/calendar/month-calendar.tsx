import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { formatDate } from '@/lib/format';
import { dateToWarsaw } from '@/lib/warsaw-time';
import { coversDay, type Month, monthKey, monthWeeks, shiftMonth } from './month-grid';

export interface CalendarEvent {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
}

const navLinkClass =
  'flex h-11 min-w-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-2 text-slate-800 hover:bg-slate-100';
/** How many event names a day cell lists before "+N more". */
const namesPerDay = 2;

/** The Warsaw days an event spans; one ending at midnight does not reach the next day. */
function spanOf(event: CalendarEvent) {
  const from = dateToWarsaw(event.start_date).date;
  const end = Math.max(new Date(event.start_date).getTime(), new Date(event.end_date).getTime() - 1);
  return { event, from, to: dateToWarsaw(new Date(end)).date };
}

/**
 * Spec §2 /calendar for attendees: the month's grid, weeks from Monday, days with the user's events
 * "selected", today highlighted; month and year navigation with `?month=YYYY-MM` links.
 */
export async function MonthCalendar({
  month,
  today,
  events,
}: {
  month: Month;
  today: string;
  events: CalendarEvent[];
}) {
  const t = await getTranslations('calendar');
  const locale = await getLocale();
  const weeks = monthWeeks(month);
  const days = weeks.flat().filter((d) => d.inMonth);
  const first = days[0]?.date ?? today;
  const last = days[days.length - 1]?.date ?? today;
  const spans = events.map(spanOf).filter((s) => s.from <= last && s.to >= first);
  const onDay = (day: string) => spans.filter((s) => coversDay(day, s.from, s.to)).map((s) => s.event);

  const title = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(month.year, month.month - 1, 1)),
  );
  // 5 January 2026 is a Monday: the week's names in the page's language.
  const weekdays = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2026, 0, 5 + i)));
  const dayName = (style: 'short' | 'long') =>
    new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' });
  const href = (m: Month) => `/calendar?month=${monthKey(m)}`;
  const isCurrent = today.startsWith(monthKey(month));

  return (
    <section aria-labelledby="calendar-month" className="min-w-0">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="calendar-month" className="text-xl font-semibold capitalize">
          {title}
        </h2>
        <nav aria-label={t('nav_label')} className="flex flex-wrap items-center gap-1">
          <Link
            href={href(shiftMonth(month, -12))}
            aria-label={t('prev_year')}
            title={t('prev_year')}
            className={navLinkClass}
          >
            <ChevronsLeft aria-hidden size={20} />
          </Link>
          <Link
            href={href(shiftMonth(month, -1))}
            aria-label={t('prev_month')}
            title={t('prev_month')}
            className={navLinkClass}
          >
            <ChevronLeft aria-hidden size={20} />
          </Link>
          {!isCurrent && (
            <Link href="/calendar" className={`${navLinkClass} px-3 font-medium`}>
              {t('today')}
            </Link>
          )}
          <Link
            href={href(shiftMonth(month, 1))}
            aria-label={t('next_month')}
            title={t('next_month')}
            className={navLinkClass}
          >
            <ChevronRight aria-hidden size={20} />
          </Link>
          <Link
            href={href(shiftMonth(month, 12))}
            aria-label={t('next_year')}
            title={t('next_year')}
            className={navLinkClass}
          >
            <ChevronsRight aria-hidden size={20} />
          </Link>
        </nav>
      </div>

      <table aria-labelledby="calendar-month" className="w-full table-fixed border-collapse bg-white">
        <thead>
          <tr>
            {weekdays.map((d) => (
              <th
                key={d.toISOString()}
                scope="col"
                className="pb-2 text-xs font-semibold text-slate-600 sm:text-sm"
              >
                <span aria-hidden>{dayName('short').format(d)}</span>
                <span className="sr-only">{dayName('long').format(d)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.date}>
              {week.map(({ date: day, inMonth }) => {
                // The neighbouring months' days only fill the first and last week.
                if (!inMonth) return <td key={day} className="border border-slate-200 bg-slate-50" />;
                const dayEvents = onDay(day);
                const selected = dayEvents.length > 0;
                const isToday = day === today;
                return (
                  <td
                    key={day}
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
                          <span className="sr-only">{t('day_events', { count: dayEvents.length })}</span>
                          <span aria-hidden className="mt-1 h-2 w-2 rounded-full bg-accent-500 sm:hidden" />
                          <ul className="mt-1 hidden w-full gap-0.5 sm:grid">
                            {dayEvents.slice(0, namesPerDay).map((event) => (
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
                            {dayEvents.length > namesPerDay && (
                              <li className="px-1 text-xs text-slate-700">
                                {t('more', { count: dayEvents.length - namesPerDay })}
                              </li>
                            )}
                          </ul>
                        </>
                      )}
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>

      <ul aria-label={t('legend')} className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
        <li className="flex items-center gap-2">
          <span
            aria-hidden
            className="flex h-5 w-5 items-center justify-center rounded border border-brand-100 bg-brand-50"
          >
            <span className="h-2 w-2 rounded-full bg-accent-500 sm:hidden" />
          </span>
          {t('legend_selected')}
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden className="h-5 w-5 rounded-full bg-brand-600" />
          {t('legend_today')}
        </li>
      </ul>

      {/* Narrow screens show dots in the grid; the month's events are listed here instead. */}
      <div className="mt-6 sm:hidden">
        <h3 className="mb-2 font-semibold">{t('month_events')}</h3>
        {spans.length > 0 ? (
          <ul className="grid gap-2">
            {spans.map(({ event }) => (
              <li key={event.id} className="rounded-lg border border-slate-200 bg-white p-3">
                <Link
                  href={`/event/${event.id}`}
                  className="font-medium break-words text-brand-700 underline-offset-2 hover:underline"
                >
                  {event.name}
                </Link>
                <p className="text-sm text-slate-600">
                  <time dateTime={event.start_date}>{formatDate(event.start_date)}</time>
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">{t('month_empty')}</p>
        )}
      </div>
    </section>
  );
}
