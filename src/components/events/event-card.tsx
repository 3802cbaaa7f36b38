import { getTranslations } from 'next-intl/server';
import { eventPriceRange } from '@/components/event-page/event-format';
import { formatDate } from '@/lib/format';
import type { EventCard as EventCardData } from '@/lib/schemas/event-responses';
import { EventCardView } from './event-card-view';

export async function EventCard({ event }: { event: EventCardData }) {
  const t = await getTranslations('events');
  // A series shows its next date; the card names the few after it (issue 17).
  const alsoOn = event.also_on ?? [];
  return (
    <EventCardView event={event} price={eventPriceRange(event.price_min, event.price_max, t('free'))}>
      {alsoOn.length > 0 && (
        <p className="text-sm text-slate-600">
          {t('also_on', { dates: alsoOn.map((d) => formatDate(d).slice(0, 5)).join(', ') })}
        </p>
      )}
    </EventCardView>
  );
}
