import { getLocale, getTranslations } from 'next-intl/server';
import { TitleLink } from '@/components/ui/title-link';
import { formatDate } from '@/lib/format';
import { dateToWarsaw } from '@/lib/warsaw-time';
import { MonthDay } from './month-day';
import { coversDay, type Month, monthWeeks } from './month-grid';
import { MonthNav } from './month-nav';

export interface CalendarEvent {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
}

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

  return (
    <section aria-labelledby="calendar-month" className="min-w-0">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="calendar-month" className="text-xl font-semibold capitalize">
          {title}
        </h2>
        <MonthNav month={month} today={today} />
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
                return <MonthDay key={day} day={day} today={today} events={onDay(day)} />;
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
                <TitleLink href={`/event/${event.id}`} name={event.name} weight="font-medium" />
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
