import { getTranslations } from 'next-intl/server';
import { eventPriceRange } from '@/components/event-page/event-format';
import type { EventCard as EventCardData } from '@/lib/schemas/event-responses';
import { EventCardView } from './event-card-view';

export async function EventCard({ event }: { event: EventCardData }) {
  const t = await getTranslations('events');
  return <EventCardView event={event} price={eventPriceRange(event.price_min, event.price_max, t('free'))} />;
}
