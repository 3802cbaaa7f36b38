import { getTranslations } from 'next-intl/server';
import type { MapSettings } from '@/components/map/map-settings';
import { MapPinned } from '@/components/ui/icons';
import { external } from './detail-parts';
import { PlaceMapSection } from './place-map-section';

/** The map of a place's or an event's location, and the same spot on openstreetmap.org in a new tab. */
export async function DetailMap({
  kind,
  at,
  name,
  map,
  heading,
}: {
  kind: 'place' | 'event';
  /** Where the place or the event is; nothing is drawn without both coordinates. */
  at: { lat: number | null; lng: number | null };
  name: string;
  map: MapSettings;
  /** A heading for screen readers, where the section's own title does not already say "map". */
  heading?: string;
}) {
  const { lat, lng } = at;
  if (lat === null || lng === null) return null;
  const t = kind === 'place' ? await getTranslations('place_page') : await getTranslations('event_page');
  return (
    <div className="mt-4">
      {heading && <h3 className="sr-only">{heading}</h3>}
      <PlaceMapSection lat={lat} lng={lng} label={t('map_label', { name })} map={map} />
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
