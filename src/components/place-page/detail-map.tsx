import { MapPinned } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { external } from './detail-parts';
import { PlaceMapSection } from './place-map-section';

/** The map of a place's or an event's location, and the same spot on openstreetmap.org in a new tab. */
export async function DetailMap({
  kind,
  lat,
  lng,
  name,
  tileUrl,
  attribution,
  heading,
}: {
  kind: 'place' | 'event';
  lat: number;
  lng: number;
  name: string;
  tileUrl: string;
  attribution: string;
  /** A heading for screen readers, where the section's own title does not already say "map". */
  heading?: string;
}) {
  const t = kind === 'place' ? await getTranslations('place_page') : await getTranslations('event_page');
  return (
    <div className="mt-4">
      {heading && <h3 className="sr-only">{heading}</h3>}
      <PlaceMapSection
        lat={lat}
        lng={lng}
        label={t('map_label', { name })}
        tileUrl={tileUrl}
        attribution={attribution}
      />
      <a
        href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`}
        className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        {...external}
      >
        <MapPinned aria-hidden size={16} />
        {t('open_on_map')}
        <span className="sr-only"> {t('new_tab')}</span>
      </a>
    </div>
  );
}
