'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { SponsoredLabel, sponsoredTexts } from '@/components/ads/sponsored-label';
import { eventPriceRange } from '@/components/event-page/event-format';
import { type EventCardFields, EventCardView } from '@/components/events/event-card-view';
import { Navigation } from '@/components/ui/icons';

/** The fields of a GET /api/event card this section shows. */
export interface NearbyEvent extends EventCardFields {
  distance_km: number | null;
  /** Who paid for its running promotion, null when it is not promoted (issue 28). */
  sponsor: string | null;
}

/** One card of the home page's nearby carousel: an event card with its distance, labelled if promoted. */
export function NearbyCard({ event }: { event: NearbyEvent }) {
  const t = useTranslations('home.nearby');
  const te = useTranslations('events');
  const tAds = useTranslations('ads');
  const format = useFormatter();
  return (
    <EventCardView
      event={event}
      price={eventPriceRange(event.price_min, event.price_max, te('free'))}
      badge={
        event.sponsor !== null && (
          <SponsoredLabel texts={sponsoredTexts(tAds, event.sponsor)} className="absolute top-2 left-2" />
        )
      }
    >
      {event.distance_km !== null && (
        <p className="flex items-center gap-1 text-sm text-slate-600">
          <Navigation aria-hidden size={14} />
          {t('distance', { km: format.number(event.distance_km, { maximumFractionDigits: 1 }) })}
        </p>
      )}
    </EventCardView>
  );
}
