import { SponsoredLabel, type SponsoredTexts } from '@/components/ads/sponsored-label';
import { EventCover } from '@/components/events/event-card-view';
import { PlacementHits } from '@/components/stats/hit-wrappers';
import { CalendarDays, MapPin } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { formatDate } from '@/lib/format';
import type { EventCard } from '@/lib/schemas/event-responses';

/**
 * Spec §2: a promoted event's slide shows its name, city and start date (DD.MM.YYYY); issue 28: it is
 * labelled as paid, names who paid, and reports when it is seen and followed.
 */
export function PromotedSlide({ event, sponsored }: { event: EventCard; sponsored: SponsoredTexts }) {
  return (
    <PlacementHits
      subject="event"
      id={event.id}
      impression="carousel_impression"
      click="carousel_click"
      className="h-full"
    >
      <article className="group relative h-full overflow-hidden rounded-2xl bg-slate-800 text-white shadow-md">
        <Link href={`/event/${event.id}`} className="block h-full focus-visible:outline-offset-[-3px]">
          <EventCover event={event} className="aspect-[16/10]" />
          {/* A dark gradient under the text keeps it readable on any photo. */}
          <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-slate-950/95 via-slate-950/75 to-transparent p-4 pt-12">
            <h3 className="line-clamp-2 text-lg font-bold leading-snug">{event.name}</h3>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-100">
              <span className="flex items-center gap-1">
                <MapPin aria-hidden size={14} />
                {event.city}
              </span>
              <span className="flex items-center gap-1">
                <CalendarDays aria-hidden size={14} />
                <time dateTime={event.start_date}>{formatDate(event.start_date)}</time>
              </span>
            </p>
          </div>
        </Link>
        <SponsoredLabel texts={sponsored} className="absolute top-2 left-2" />
      </article>
    </PlacementHits>
  );
}
