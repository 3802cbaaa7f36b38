import { amenityFeature } from '@/components/attributes/amenity-feature';
import { descriptionText } from '@/lib/sanitize-html';
import type { EventDetail } from '@/lib/schemas/event-responses';
import { absoluteUrl } from '@/web/absolute-url';

/** The gallery order: the default image first, the rest as the organiser arranged them. */
export function galleryOrder(images: EventDetail['images']): EventDetail['images'] {
  return [...images].sort((a, b) => Number(b.is_default) - Number(a.is_default));
}

/** Banner and gallery as absolute addresses, for Open Graph and JSON-LD. */
export function eventImageUrls(event: EventDetail): string[] {
  const urls = [event.banner?.url, ...galleryOrder(event.images).map((i) => i.url)];
  return [...new Set(urls.filter((u): u is string => !!u).map(absoluteUrl))];
}

/**
 * Issue 33: schema.org's availability of registration: places free (a few of many: limited), full with a
 * waiting list or for good (sold out), closed with places left (no longer offered: discontinued).
 */
function registrationAvailability(r: { state: string; spots_left: number; capacity: number }): string {
  if (r.state === 'closed') return 'Discontinued';
  if (r.spots_left === 0) return 'SoldOut';
  return r.spots_left * 10 <= r.capacity ? 'LimitedAvailability' : 'InStock';
}

/**
 * schema.org Event for search engines, stating only what the page shows. A price range is an
 * AggregateOffer (lowPrice/highPrice belong to it); one price is a plain Offer.
 */
export function eventJsonLd({
  event,
  pageUrl,
  placeUrl,
  registration,
}: {
  event: EventDetail;
  pageUrl: string;
  placeUrl: string;
  /** Issue 33: the registration state, when the event takes registrations on the page. */
  registration?: {
    state: 'register' | 'waiting_list' | 'full' | 'closed';
    spots_left: number;
    capacity: number;
  } | null;
}) {
  const images = eventImageUrls(event);
  const single = event.price_min === event.price_max;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    '@id': pageUrl,
    name: event.name,
    // Issue 31: the language the name is written in (the page's, or the other one where it has none).
    inLanguage: event.text_lang.name,
    url: pageUrl,
    startDate: event.start_date,
    endDate: event.end_date,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: event.place_name,
      address: {
        '@type': 'PostalAddress',
        ...(event.street ? { streetAddress: event.street } : {}),
        ...(event.postcode ? { postalCode: event.postcode } : {}),
        addressLocality: event.city,
        addressCountry: 'PL',
      },
      ...(event.lat !== null && event.lng !== null
        ? { geo: { '@type': 'GeoCoordinates', latitude: event.lat, longitude: event.lng } }
        : {}),
      // Issue 30: the event's and its place's amenities (step-free entrance, changing table…).
      ...amenityFeature(event.attributes, event.place.attributes),
    },
    // Issue 30: a free event (a price of 0, never an unknown one) says so.
    ...(event.price_max === 0 ? { isAccessibleForFree: true } : {}),
    // Issue 29: a price or places not given (an imported calendar's) are left out, never said to be 0.
    offers: {
      '@type': single ? 'Offer' : 'AggregateOffer',
      ...(event.price_min === null || event.price_max === null
        ? {}
        : single
          ? { price: event.price_min, priceCurrency: 'PLN' }
          : { lowPrice: event.price_min, highPrice: event.price_max, priceCurrency: 'PLN' }),
      url: registration ? pageUrl : (event.buy_ticket_url ?? pageUrl),
      ...(registration
        ? { availability: `https://schema.org/${registrationAvailability(registration)}` }
        : event.spots_left === null
          ? {}
          : { availability: `https://schema.org/${event.spots_left > 0 ? 'InStock' : 'SoldOut'}` }),
    },
    ...(images.length ? { image: images } : {}),
    organizer: {
      '@type': 'Organization',
      name: event.place.user.company_name || event.place.name,
      url: event.place.url ?? placeUrl,
    },
    ...(event.description ? { description: descriptionText(event.description, 300) } : {}),
  };
}
