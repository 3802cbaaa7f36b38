import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { CalendarDays, MapPin, Users, Wallet } from '@/components/ui/icons';
import type { EventDetail } from '@/lib/schemas/event-responses';
import { eventDateRange, eventPriceRange } from './event-format';

// A <dl> may hold only dt/dd pairs, each pair optionally in one <div>: the icon sits inside the <dt>,
// placed beside both by the pair's padding.
function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="relative min-h-10 min-w-0 pl-13">
      <dt className="text-sm text-slate-600">
        <span className="absolute top-0 left-0 flex h-10 w-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="font-semibold break-words">{children}</dd>
    </div>
  );
}

/** When, where, for how much and how many spots are left, in one row of four. */
export async function EventFacts({ event }: { event: EventDetail }) {
  const t = await getTranslations('event_page');
  const locale = await getLocale();
  const dates = eventDateRange(event.start_date, event.end_date);
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,0.8fr)]">
      <Fact icon={<CalendarDays aria-hidden size={18} />} label={t('when')}>
        <time dateTime={event.start_date} className="whitespace-nowrap">
          {dates.start}
        </time>
        {dates.end && (
          <>
            {dates.sameDay ? '–' : ' – '}
            <time dateTime={event.end_date} className="whitespace-nowrap">
              {dates.end}
            </time>
          </>
        )}
      </Fact>
      <Fact icon={<MapPin aria-hidden size={18} />} label={t('where')}>
        <span lang={event.text_lang.place_name}>{event.place_name}</span>, {event.city}
      </Fact>
      <Fact icon={<Wallet aria-hidden size={18} />} label={t('price')}>
        {eventPriceRange(event.price_min, event.price_max, t('free')) ?? t('price_unknown')}
      </Fact>
      {/* Issue 29: places not given (an imported calendar says nothing of them) are not "none left". */}
      {event.spots_left !== null && (
        <Fact icon={<Users aria-hidden size={18} />} label={t('spots')}>
          {event.spots_left > 0 ? new Intl.NumberFormat(locale).format(event.spots_left) : t('sold_out')}
        </Fact>
      )}
    </dl>
  );
}
