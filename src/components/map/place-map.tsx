'use client';

import { Marker } from 'react-leaflet';
import type { MapSettings } from './map-settings';
import { pinIcon, RegionMap } from './region-map';

const pin = pinIcon(32, 42);

/**
 * One place on a Leaflet map. Client-only (Leaflet touches `window` on import); load it with
 * next/dynamic and `ssr: false`. An empty `tileUrl` draws the marker on a plain background.
 */
export function PlaceMap({
  lat,
  lng,
  label,
  map,
}: {
  lat: number;
  lng: number;
  label: string;
  map: MapSettings;
}) {
  return (
    <RegionMap center={[lat, lng]} zoom={15} label={label} map={map}>
      <Marker position={[lat, lng]} icon={pin} interactive={false} keyboard={false} />
    </RegionMap>
  );
}
