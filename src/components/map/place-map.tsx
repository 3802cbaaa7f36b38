'use client';

import 'leaflet/dist/leaflet.css';
import { divIcon, type Map as LeafletMap } from 'leaflet';
import { MapContainer, Marker, TileLayer } from 'react-leaflet';

// An inline pin: Leaflet's default marker images resolve against the CSS file's URL, which bundlers move.
const pin = divIcon({
  className: '',
  html: `<svg width="32" height="42" viewBox="0 0 32 42" aria-hidden="true"><path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 41 16 41s15-14 15-25.2C31 7.6 24.3 1 16 1z" fill="#1d4ed8" stroke="#fff" stroke-width="2"/><circle cx="16" cy="16" r="6" fill="#fff"/></svg>`,
  iconSize: [32, 42],
  iconAnchor: [16, 41],
});

/**
 * One place on a Leaflet map. Client-only (Leaflet touches `window` on import); load it with
 * next/dynamic and `ssr: false`. An empty `tileUrl` draws the marker on a plain background.
 */
export function PlaceMap({
  lat,
  lng,
  label,
  tileUrl,
  attribution,
}: {
  lat: number;
  lng: number;
  label: string;
  tileUrl: string;
  attribution: string;
}) {
  return (
    <MapContainer
      center={[lat, lng]}
      zoom={15}
      scrollWheelZoom={false}
      className="h-full w-full"
      // The map's container is focusable (keyboard panning), so it needs a name.
      ref={(map: LeafletMap | null) => {
        map?.getContainer().setAttribute('role', 'region');
        map?.getContainer().setAttribute('aria-label', label);
      }}
    >
      {tileUrl && <TileLayer url={tileUrl} attribution={attribution} />}
      <Marker position={[lat, lng]} icon={pin} interactive={false} keyboard={false} />
    </MapContainer>
  );
}
