import { getLocale, getTranslations } from 'next-intl/server';
import { Repeat } from '@/components/ui/icons';
import { formatDate, formatDateTime } from '@/lib/format';
import type { EventSeries } from '@/lib/schemas/event-responses';
import { warsawWeekdayCode } from '@/lib/weekdays';
import { weekdayName } from './weekday-name';

/** How the series repeats, in words: "Every 2 weeks on Saturday, until 28.02.2027". */
async function ruleText(series: EventSeries): Promise<string> {
  const t = await getTranslations('event_page.series');
  const locale = await getLocale();
  const repeat = series.repeat;
  if (!repeat) return t('custom');
  const n = repeat.interval;
  let text: string;
  if (repeat.freq === 'daily') text = t('daily', { n });
  else if (repeat.freq === 'weekly') {
    const days = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
      repeat.days.map((d) => weekdayName(d, locale, 'long')),
    );
    text = t('weekly', { n, days });
  } else {
    const first = new Date(series.first_start);
    const day = Number(formatDate(first).slice(0, 2));
    if (repeat.monthly === 'date') text = t('monthly_date', { n, day });
    else {
      const nth = Math.ceil(day / 7);
      const code = warsawWeekdayCode(first);
      const last = day + 7 > daysInMonth(first);
      text = t('monthly_weekday', {
        n,
        nth: last && nth >= 4 ? 'last' : String(nth),
        weekday: weekdayName(code, locale, 'long'),
      });
    }
  }
  if (repeat.until) text += `, ${t('until', { date: formatDate(`${repeat.until}T12:00:00Z`) })}`;
  else if (repeat.count) text += `, ${t('count', { count: repeat.count })}`;
  return text;
}

function daysInMonth(instant: Date) {
  const [, m, y] = formatDate(instant).split('.').map(Number);
  return new Date(Date.UTC(y ?? 0, m ?? 1, 0)).getUTCDate();
}

/** Issue 17: a series' rule and its next dates on the event page; cancelled ones struck out. */
export async function EventSeriesDates({ series }: { series: EventSeries }) {
  const t = await getTranslations('event_page.series');
  return (
    <section aria-labelledby="event-series" className="rounded-lg bg-slate-50 p-4">
      <h2 id="event-series" className="flex items-center gap-2 font-semibold">
        <Repeat aria-hidden size={18} />
        {t('title')}
      </h2>
      <p className="mt-1 text-slate-700">{await ruleText(series)}</p>
      {series.next_dates.length > 0 && (
        <>
          <h3 className="mt-3 text-sm font-semibold text-slate-800">{t('next_dates')}</h3>
          <ul className="mt-1 grid gap-1 sm:grid-cols-2">
            {series.next_dates.map((date) => (
              <li key={`${date.start}-${date.cancelled}`} className="text-sm">
                {date.cancelled ? (
                  <>
                    <del>
                      <time dateTime={date.start}>{formatDateTime(date.start)}</time>
                    </del>{' '}
                    <span className="font-semibold text-red-700">{t('cancelled')}</span>
                  </>
                ) : (
                  <>
                    <time dateTime={date.start}>{formatDateTime(date.start)}</time>
                    {date.name && <span className="font-semibold">: {date.name}</span>}
                    {date.moved_from && (
                      <span className="text-slate-600">
                        {' '}
                        ({t('moved_from', { date: formatDateTime(date.moved_from) })})
                      </span>
                    )}
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
