import { getTranslations } from 'next-intl/server';
import { DetailMap } from '@/components/detail/detail-map';
import { Section, telHref, WebsiteLink } from '@/components/detail/detail-parts';
import type { MapSettings } from '@/components/map/map-settings';
import { ClickHit } from '@/components/stats/hit-wrappers';
import type { PlaceDetail } from '@/lib/schemas/place-responses';
import { OpeningHours } from './opening-hours';

/**
 * The address column: address, phones, e-mail, website and map, then the opening hours. Opening a phone,
 * the e-mail or the website counts for the owner's statistics (issue 28).
 */
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
                <ClickHit subject="place" id={place.id} measure="phone_click">
                  <a
                    href={telHref(p)}
                    className="text-brand-700 underline underline-offset-2 hover:decoration-2"
                  >
                    {p}
                  </a>
                </ClickHit>
              </li>
            ))}
            {place.email && (
              <li>
                <ClickHit subject="place" id={place.id} measure="email_click">
                  <a
                    href={`mailto:${place.email}`}
                    className="text-brand-700 underline underline-offset-2 hover:decoration-2"
                  >
                    {place.email}
                  </a>
                </ClickHit>
              </li>
            )}
            {place.url && (
              <li>
                <ClickHit subject="place" id={place.id} measure="website_click">
                  <WebsiteLink
                    url={place.url}
                    className="text-brand-700 underline underline-offset-2 hover:decoration-2"
                    newTab={t('new_tab')}
                  />
                </ClickHit>
              </li>
            )}
          </ul>
        )}
        <DetailMap kind="place" at={place} name={place.name} map={map} heading={t('map')} />
      </Section>
      <Section id="place-hours" title={t('hours')}>
        <OpeningHours hours={place.place_hours} special={place.special_hours} openNow={place.open_now} />
      </Section>
    </>
  );
}
