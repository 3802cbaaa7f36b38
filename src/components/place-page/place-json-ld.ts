import { amenityFeature } from '@/components/attributes/amenity-feature';
import { descriptionText } from '@/lib/sanitize-html';
import type { PlaceDetail } from '@/lib/schemas/place-responses';
import { absoluteUrl } from '@/web/absolute-url';

const schemaDays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * schema.org LocalBusiness for search engines. Built from the plan-gated detail, so it states only
 * what the page itself shows.
 */
export function placeJsonLd({ place, pageUrl }: { place: PlaceDetail; pageUrl: string }) {
  const images = [place.banner?.url, place.logo?.url, ...place.images.map((i) => i.url)]
    .filter((u): u is string => !!u)
    .map(absoluteUrl);
  const hours = place.place_hours
    .filter((h) => !h.closed && (h.whole_day || (h.from && h.to)))
    .map((h) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${schemaDays[h.week_day - 1]}`,
      opens: h.whole_day ? '00:00' : h.from,
      closes: h.whole_day ? '23:59' : h.to,
    }));
  // Issue 30: the special days ahead, each valid for its one date; a closed day opens and closes at 00:00.
  const special = place.special_hours
    .filter((d) => d.closed || d.whole_day || (d.from && d.to))
    .map((d) => ({
      '@type': 'OpeningHoursSpecification',
      validFrom: d.date,
      validThrough: d.date,
      opens: d.closed || d.whole_day ? '00:00' : d.from,
      closes: d.closed ? '00:00' : d.whole_day ? '23:59' : d.to,
    }));
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': pageUrl,
    name: place.name,
    ...(place.description ? { description: descriptionText(place.description, 300) } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: place.street,
      postalCode: place.postcode,
      addressLocality: place.city,
      addressCountry: 'PL',
    },
    ...(place.lat !== null && place.lng !== null
      ? { geo: { '@type': 'GeoCoordinates', latitude: place.lat, longitude: place.lng } }
      : {}),
    ...(place.phone ? { telephone: place.phone } : {}),
    ...(place.email ? { email: place.email } : {}),
    ...(place.url ? { url: place.url } : {}),
    ...(images.length ? { image: images } : {}),
    ...(place.comments_count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: place.stars,
            reviewCount: place.comments_count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(hours.length ? { openingHoursSpecification: hours } : {}),
    ...(special.length ? { specialOpeningHoursSpecification: special } : {}),
    // Issue 30: its amenities (step-free entrance, changing table…), named in the page's language.
    ...amenityFeature(place.attributes),
  };
}
