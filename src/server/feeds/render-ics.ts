import 'server-only';
import { icsCalendar, icsLocation } from '@/server/events/ics';
import type { FeedDocument } from './feed-document';

/** The feed as an iCalendar (RFC 5545) to subscribe to; each event keeps the UID of its own .ics file. */
export function renderIcs(doc: FeedDocument): string {
  return icsCalendar(
    doc.items.map((item) => ({
      id: item.id,
      name: item.name,
      start: item.start,
      end: item.end,
      location: icsLocation({ place_name: item.placeName, street: null, postcode: null, city: item.city }),
      description: `${item.summary}\n${item.url}`,
      url: item.url,
      geo: item.geo,
      series: item.series,
    })),
    { name: doc.title, description: doc.description },
  );
}
