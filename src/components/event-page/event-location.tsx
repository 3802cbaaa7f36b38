import { getTranslations } from 'next-intl/server';
import { DetailMap } from '@/components/place-page/detail-map';
import { Section } from '@/components/place-page/detail-parts';
import type { EventDetail } from '@/lib/schemas/event-responses';

/** Where the event takes place (which may differ from its organiser's address), with the map. */
export async function EventLocation({
  event,
  tileUrl,
  attribution,
}: {
  event: EventDetail;
  tileUrl: string;
  attribution: string;
}) {
  const t = await getTranslations('event_page');
  return (
    <Section id="event-location" title={t('location')}>
      <address className="not-italic">
        <p className="font-semibold">{event.place_name}</p>
        {event.street && <p>{event.street}</p>}
        <p>{[event.postcode, event.city].filter(Boolean).join(' ')}</p>
      </address>
      {event.lat !== null && event.lng !== null && (
        <DetailMap
          kind="event"
          lat={event.lat}
          lng={event.lng}
          name={event.place_name}
          tileUrl={tileUrl}
          attribution={attribution}
        />
      )}
    </Section>
  );
}
