import type { ReactNode } from 'react';
import { CalendarDays, MapPin } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { OptionalImage } from '@/components/ui/optional-image';
import { formatDate } from '@/lib/format';

/** What an event's card shows, as the home page's lists and GET /api/event give it. */
export interface EventCardFields {
  id: number;
  name: string;
  /** Issue 31: the language `name` is written in. */
  lang?: string;
  city: string;
  start_date: string;
  price_min: number | null;
  price_max: number | null;
  banner: { url: string } | null;
  image: { url: string } | null;
}

/** A card's picture: the event's own image, else its banner, zoomed a little while the card is hovered. */
export function EventCover({
  event,
  className,
}: {
  event: Pick<EventCardFields, 'image' | 'banner'>;
  className: string;
}) {
  return (
    <div className={className}>
      <OptionalImage
        src={event.image?.url ?? event.banner?.url}
        lazy
        className="h-full w-full object-cover transition group-hover:scale-105"
      />
    </div>
  );
}

/**
 * An event's card, with no hooks so that server-rendered lists and the client-side nearby carousel
 * draw the same markup; `children` adds lines under the city, `badge` sits over the picture beside
 * the link (the "Sponsored" label of issue 28, itself interactive, so never inside the link).
 */
export function EventCardView({
  event,
  price,
  children,
  badge,
}: {
  event: EventCardFields;
  /** Null when the price is not given: the card then shows none. */
  price: string | null;
  children?: ReactNode;
  badge?: ReactNode;
}) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <Link href={`/event/${event.id}`} className="flex h-full flex-col focus-visible:outline-offset-[-3px]">
        <EventCover event={event} className="aspect-[3/2] overflow-hidden bg-slate-200" />
        <div className="flex flex-1 flex-col gap-1 p-3">
          <h3 lang={event.lang} className="line-clamp-2 font-semibold leading-snug">
            {event.name}
          </h3>
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <CalendarDays aria-hidden size={14} />
            <time dateTime={event.start_date}>{formatDate(event.start_date)}</time>
          </p>
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <MapPin aria-hidden size={14} />
            {event.city}
          </p>
          {children}
          {price !== null && <p className="mt-auto pt-1 text-sm font-semibold text-brand-700">{price}</p>}
        </div>
      </Link>
      {badge}
    </article>
  );
}
