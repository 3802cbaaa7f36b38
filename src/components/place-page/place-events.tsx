import { getTranslations } from 'next-intl/server';
import { eventPriceRange } from '@/components/event-page/event-format';
import { CalendarDays, MapPin } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { OptionalImage } from '@/components/ui/optional-image';
import { formatDate, formatDateTime } from '@/lib/format';
import type { PlaceDetail } from '@/lib/schemas/place-responses';

/** The place's upcoming events as compact rows (the detail carries fewer fields than an event card). */
export async function PlaceEvents({
  events,
  wide = false,
}: {
  events: PlaceDetail['events'];
  wide?: boolean;
}) {
  const t = await getTranslations('place_page');
  const te = await getTranslations('events');
  if (!events.length) return <p className="text-slate-600">{t('events_empty')}</p>;
  return (
    <ul className={`grid gap-3 sm:grid-cols-2 ${wide ? 'md:grid-cols-3' : ''}`}>
      {events.map((e) => {
        const price = eventPriceRange(e.price_min, e.price_max, te('free'));
        return (
          <li key={e.id}>
            <Link
              href={`/event/${e.id}`}
              className="flex h-full gap-3 rounded-xl border border-slate-200 bg-white p-2 hover:shadow-md"
            >
              <span className="h-20 w-24 shrink-0 overflow-hidden rounded-lg bg-slate-200">
                <OptionalImage src={e.banner?.url} lazy />
              </span>
              <span className="flex min-w-0 flex-col gap-0.5 text-sm">
                <span lang={e.lang} className="line-clamp-2 font-semibold text-slate-900">
                  {e.name}
                </span>
                <span className="flex items-center gap-1 text-slate-600">
                  <CalendarDays aria-hidden size={14} />
                  <time dateTime={e.start_date}>{formatDateTime(e.start_date)}</time>
                </span>
                {e.also_on.length > 0 && (
                  <span className="text-slate-600">
                    {te('also_on', { dates: e.also_on.map((d) => formatDate(d).slice(0, 5)).join(', ') })}
                  </span>
                )}
                <span className="flex items-center gap-1 text-slate-600">
                  <MapPin aria-hidden size={14} />
                  {e.city}
                </span>
                {price !== null && <span className="font-semibold text-brand-700">{price}</span>}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
