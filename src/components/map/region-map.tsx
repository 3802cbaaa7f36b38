'use client';

import 'leaflet/dist/leaflet.css';
import { divIcon, type Map as LeafletMap, type PointExpression } from 'leaflet';
import type { ReactNode } from 'react';
import { MapContainer, TileLayer } from 'react-leaflet';
import type { MapSettings } from './map-settings';

/**
 * An inline pin whose tip stands on the point: Leaflet's default marker images resolve against the CSS
 * file's URL, which bundlers move.
 */
export function pinIcon(width: number, height: number, options: { popupAnchor?: PointExpression } = {}) {
  return divIcon({
    className: '',
    html: `<svg width="${width}" height="${height}" viewBox="0 0 32 42" aria-hidden="true"><path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 41 16 41s15-14 15-25.2C31 7.6 24.3 1 16 1z" fill="#1d4ed8" stroke="#fff" stroke-width="2"/><circle cx="16" cy="16" r="6" fill="#fff"/></svg>`,
    iconSize: [width, height],
    iconAnchor: [width / 2, height - 1],
    ...options,
  });
}

/**
 * A Leaflet map filling its box, without scroll-wheel zoom, drawn with `map`'s tiles. Client-only
 * (Leaflet touches `window` on import): its users are loaded with next/dynamic and `ssr: false`.
 */
export function RegionMap({
  center,
  zoom,
  label,
  map,
  children,
}: {
  center: [number, number];
  zoom: number;
  label: string;
  map: MapSettings;
  children: ReactNode;
}) {
  return (
    <MapContainer
      center={center}
      zoom={zoom}
      scrollWheelZoom={false}
      className="h-full w-full"
      // The map's container is focusable (keyboard panning), so it needs a name.
      ref={(instance: LeafletMap | null) => {
        instance?.getContainer().setAttribute('role', 'region');
        instance?.getContainer().setAttribute('aria-label', label);
      }}
    >
      {map.tileUrl && <TileLayer url={map.tileUrl} attribution={map.attribution} />}
      {children}
    </MapContainer>
  );
}
