import { getLocale, getTranslations } from 'next-intl/server';
import { SponsoredLabel, sponsoredTexts } from '@/components/ads/sponsored-label';
import { AttributeChips } from '@/components/attributes/attribute-list';
import { OnlyInNote } from '@/components/content/only-in-note';
import { eventPriceRange } from '@/components/event-page/event-format';
import { PlacementHits } from '@/components/stats/hit-wrappers';
import { formatDate } from '@/lib/format';
import type { EventCard as EventCardData } from '@/lib/schemas/event-responses';
import { EventCardView } from './event-card-view';

/**
 * An event's card. A promoted one (its `sponsor` is given) carries the "Sponsored" label wherever it is
 * shown (issue 28: no paid item unlabelled); in the /list results (`placement` 'list') it also reports
 * when it is seen and followed.
 */
export async function EventCard({
  event,
  placement,
}: {
  event: Omit<EventCardData, 'sponsor' | 'registration'> & {
    sponsor?: string | null;
    registration?: EventCardData['registration'];
  };
  placement?: 'list';
}) {
  const [t, tAds, tAttr, locale] = await Promise.all([
    getTranslations('events'),
    getTranslations('ads'),
    getTranslations('attributes'),
    getLocale(),
  ]);
  // A series shows its next date; the card names the few after it (issue 17).
  const alsoOn = event.also_on ?? [];
  const sponsor = event.sponsor ?? null;
  const card = (
    <EventCardView
      event={event}
      price={eventPriceRange(event.price_min, event.price_max, t('free'))}
      badge={
        sponsor !== null && (
          <SponsoredLabel texts={sponsoredTexts(tAds, sponsor)} className="absolute top-2 left-2" />
        )
      }
    >
      <OnlyInNote lang={event.lang} pageLocale={locale} className="text-xs text-slate-600" />
      {event.registration && (
        <p
          data-registration={event.registration.state}
          className={`text-sm font-semibold ${event.registration.state === 'register' ? 'text-green-800' : 'text-amber-800'}`}
        >
          {t(`registration.${event.registration.state}`, { count: event.registration.spots_left })}
        </p>
      )}
      {alsoOn.length > 0 && (
        <p className="text-sm text-slate-600">
          {t('also_on', { dates: alsoOn.map((d) => formatDate(d).slice(0, 5)).join(', ') })}
        </p>
      )}
      <AttributeChips
        attributes={event.attributes}
        label={tAttr('list_label')}
        moreLabel={(count) => tAttr('more', { count })}
      />
    </EventCardView>
  );
  if (sponsor === null || !placement) return card;
  return (
    <PlacementHits
      subject="event"
      id={event.id}
      impression="list_impression"
      click="list_click"
      className="h-full"
    >
      {card}
    </PlacementHits>
  );
}
