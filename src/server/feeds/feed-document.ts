import { translate } from '@/i18n/translate';
import { formatDateTime } from '@/lib/format';
import type { Locale } from '@/lib/locale';
import { localePath } from '@/lib/locale-path';
import type { EventSearchResult } from '@/lib/schemas/event-responses';
import type { IcsSeries } from '@/server/events/ics';

// One document that the three formats write: a format never queries or words anything of its own.

export interface FeedItem {
  id: number;
  /** The event's page in the feed's language. */
  url: string;
  name: string;
  /** Issue 31: the language `name` is written in (the feed's, or the other one where the event has none). */
  lang: Locale;
  /** ISO times in UTC. */
  start: string;
  end: string;
  placeName: string | null;
  city: string;
  geo: { lat: number; lng: number } | null;
  /** When and where, in words: what a reader shows under the title. */
  summary: string;
  /** A series' rule and exceptions, for the calendar; RSS and JSON Feed list its current date only. */
  series?: IcsSeries;
}

export interface FeedDocument {
  title: string;
  /** What the feed holds, with its limit: the formats have no field for "there are no more pages". */
  description: string;
  locale: Locale;
  /** The page that lists the same events. */
  homeUrl: string;
  /** The feed's own address. */
  feedUrl: string;
  items: FeedItem[];
}

/** A search match as a feed item. */
export function toFeedItem(e: EventSearchResult, locale: Locale, origin: string): FeedItem {
  const where = [e.place_name, e.city].filter(Boolean).join(', ');
  return {
    id: e.id,
    url: origin + localePath(`/event/${e.id}`, locale),
    name: e.name,
    lang: e.lang,
    start: e.start_date,
    end: e.end_date,
    placeName: e.place_name,
    city: e.city,
    // Spec §5: a point counts only when both coordinates are above 0.
    geo: e.lat && e.lng && e.lat > 0 && e.lng > 0 ? { lat: e.lat, lng: e.lng } : null,
    summary: [
      translate(locale, 'feeds.item', {
        start: formatDateTime(e.start_date),
        end: formatDateTime(e.end_date),
        where,
      }),
      // Issue 31: said in the reader's language when the event is not written in it.
      ...(e.lang === locale ? [] : [translate(locale, `content.only_in.${e.lang}`)]),
      // Issue 33: registration on the portal, with the places left.
      ...(e.registration
        ? [
            translate(locale, `events.registration.${e.registration.state}`, {
              count: e.registration.spots_left,
            }),
          ]
        : []),
    ].join(' · '),
  };
}
