'use client';

import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents, ZoomControl } from 'react-leaflet';
import type { MapSettings } from './map-settings';

export interface LatLng {
  lat: number;
  lng: number;
}

/** A view the parent asks for: a new object moves the map, even to the same place. */
export interface MapView extends LatLng {
  zoom: number;
}

const poland: MapView = { lat: 52.07, lng: 19.48, zoom: 6 };
const pinZoom = 15;

// An inline SVG pin: Leaflet's default icon images resolve relative to its CSS, which bundlers break.
const pin = L.divIcon({
  className: '',
  html: '<svg viewBox="0 0 24 36" width="30" height="45" aria-hidden="true"><path d="M12 0C5.4 0 0 5.4 0 12c0 9 12 24 12 24s12-15 12-24C24 5.4 18.6 0 12 0z" fill="#1d4ed8" stroke="#fff" stroke-width="1.5"/><circle cx="12" cy="12" r="4.5" fill="#fff"/></svg>',
  iconSize: [30, 45],
  iconAnchor: [15, 45],
});

/**
 * A Leaflet map where a click or a drag of the pin picks a point. Client-only: load it with
 * `next/dynamic` and `ssr: false`, since Leaflet touches `window` when imported.
 */
export function LocationPicker({
  position,
  view,
  settings,
  onPick,
}: {
  position: LatLng | null;
  view: MapView | null;
  settings: MapSettings;
  onPick: (point: LatLng) => void;
}) {
  const t = useTranslations('company_form.location');
  const start = view ?? (position ? { ...position, zoom: pinZoom } : poland);
  return (
    <MapContainer
      center={[start.lat, start.lng]}
      zoom={start.zoom}
      zoomControl={false}
      className="h-full w-full bg-slate-200"
    >
      {settings.tileUrl && <TileLayer url={settings.tileUrl} attribution={settings.attribution} />}
      <ZoomControl position="topright" zoomInTitle={t('zoom_in')} zoomOutTitle={t('zoom_out')} />
      <PickOnClick onPick={onPick} />
      <FollowView view={view} />
      {position && (
        <Marker
          position={[position.lat, position.lng]}
          icon={pin}
          draggable
          keyboard={false}
          title={t('pin')}
          eventHandlers={{
            dragend: (event) => {
              const { lat, lng } = (event.target as L.Marker).getLatLng().wrap();
              onPick({ lat, lng });
            },
          }}
        />
      )}
    </MapContainer>
  );
}

function PickOnClick({ onPick }: { onPick: (point: LatLng) => void }) {
  useMapEvents({
    click: (event) => {
      const { lat, lng } = event.latlng.wrap();
      onPick({ lat, lng });
    },
  });
  return null;
}

function FollowView({ view }: { view: MapView | null }) {
  const map = useMap();
  // The dialog may still be laying out when the map mounts; measure again once it has.
  useEffect(() => {
    const timer = window.setTimeout(() => map.invalidateSize(), 50);
    return () => window.clearTimeout(timer);
  }, [map]);
  useEffect(() => {
    if (view) map.setView([view.lat, view.lng], view.zoom);
  }, [map, view]);
  return null;
}
