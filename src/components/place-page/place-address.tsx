import { getTranslations } from 'next-intl/server';
import type { MapSettings } from '@/components/map/map-settings';
import type { PlaceDetail } from '@/lib/schemas/place-responses';
import { DetailMap } from './detail-map';
import { Section, telHref, WebsiteLink } from './detail-parts';
import { OpeningHours } from './opening-hours';

/** The address column: address, phones, e-mail, website and map, then the opening hours. */
export async function PlaceAddress({ place, map }: { place: PlaceDetail; map: MapSettings }) {
  const t = await getTranslations('place_page');
  const phones = [place.phone, place.phone2, place.phone3].filter((p): p is string => !!p);
  return (
    <>
      <Section id="place-address" title={t('address')}>
        <address className="not-italic">
          <p>{place.street}</p>
          <p>
            {place.postcode} {place.city}
          </p>
        </address>
        {(phones.length > 0 || place.email || place.url) && (
          <ul className="mt-3 flex flex-col gap-1 text-sm break-all">
            {phones.map((p) => (
              <li key={p}>
                <a
                  href={telHref(p)}
                  className="text-brand-700 underline underline-offset-2 hover:decoration-2"
                >
                  {p}
                </a>
              </li>
            ))}
            {place.email && (
              <li>
                <a
                  href={`mailto:${place.email}`}
                  className="text-brand-700 underline underline-offset-2 hover:decoration-2"
                >
                  {place.email}
                </a>
              </li>
            )}
            {place.url && (
              <li>
                <WebsiteLink
                  url={place.url}
                  className="text-brand-700 underline underline-offset-2 hover:decoration-2"
                  newTab={t('new_tab')}
                />
              </li>
            )}
          </ul>
        )}
        <DetailMap kind="place" at={place} name={place.name} map={map} heading={t('map')} />
      </Section>
      <Section id="place-hours" title={t('hours')}>
        <OpeningHours hours={place.place_hours} />
      </Section>
    </>
  );
}
