import { getTranslations } from 'next-intl/server';
import { DetailMap } from '@/components/detail/detail-map';
import { Section } from '@/components/detail/detail-parts';
import type { MapSettings } from '@/components/map/map-settings';
import type { EventDetail } from '@/lib/schemas/event-responses';

/** Where the event takes place (which may differ from its organiser's address), with the map. */
export async function EventLocation({ event, map }: { event: EventDetail; map: MapSettings }) {
  const t = await getTranslations('event_page');
  return (
    <Section id="event-location" title={t('location')}>
      <address className="not-italic">
        <p className="font-semibold" lang={event.text_lang.place_name}>
          {event.place_name}
        </p>
        {event.street && <p>{event.street}</p>}
        <p>{[event.postcode, event.city].filter(Boolean).join(' ')}</p>
      </address>
      <DetailMap kind="event" at={event} name={event.place_name} map={map} />
    </Section>
  );
}
