'use client';

import 'leaflet/dist/leaflet.css';
import { divIcon, type Map as LeafletMap, latLngBounds } from 'leaflet';
import Link from 'next/link';
import { useEffect } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';

export interface MapItem {
  id: number;
  name: string;
  detail: string;
  href: string;
  lat: number;
  lng: number;
}

// An inline pin: Leaflet's default marker images resolve against the CSS file's URL, which bundlers move.
const pin = divIcon({
  className: '',
  html: `<svg width="28" height="37" viewBox="0 0 32 42" aria-hidden="true"><path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 41 16 41s15-14 15-25.2C31 7.6 24.3 1 16 1z" fill="#1d4ed8" stroke="#fff" stroke-width="2"/><circle cx="16" cy="16" r="6" fill="#fff"/></svg>`,
  iconSize: [28, 37],
  iconAnchor: [14, 36],
  popupAnchor: [0, -32],
});

// Poland, for a page without results.
const poland = { center: [52.1, 19.4] as [number, number], zoom: 5 };

/** Frames the markers whenever the page of results changes, and follows size changes of its box. */
function FitToItems({ items }: { items: MapItem[] }) {
  const map = useMap();
  useEffect(() => {
    if (items.length === 0) map.setView(poland.center, poland.zoom);
    // The pins stand above their points, so the top needs more room than the bottom.
    else
      map.fitBounds(latLngBounds(items.map((i) => [i.lat, i.lng])), {
        paddingTopLeft: [32, 48],
        paddingBottomRight: [32, 16],
        maxZoom: 14,
      });
  }, [map, items]);
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/**
 * The current page's results as markers whose popups link to each item. Client-only (Leaflet touches
 * `window` on import): load it with next/dynamic and `ssr: false`. An empty `tileUrl` draws no tiles.
 */
export function ResultsMap({
  items,
  label,
  tileUrl,
  attribution,
}: {
  items: MapItem[];
  label: string;
  tileUrl: string;
  attribution: string;
}) {
  return (
    <MapContainer
      center={poland.center}
      zoom={poland.zoom}
      scrollWheelZoom={false}
      className="h-full w-full"
      // The map's container is focusable (keyboard panning), so it needs a name.
      ref={(map: LeafletMap | null) => {
        map?.getContainer().setAttribute('role', 'region');
        map?.getContainer().setAttribute('aria-label', label);
      }}
    >
      {tileUrl && <TileLayer url={tileUrl} attribution={attribution} />}
      <FitToItems items={items} />
      {items.map((item) => (
        // Markers are buttons (Leaflet's keyboard option) named by their title; Enter opens the popup.
        <Marker key={item.id} position={[item.lat, item.lng]} icon={pin} title={item.name}>
          <Popup>
            <Link href={item.href} className="font-semibold text-brand-700 underline">
              {item.name}
            </Link>
            <br />
            {item.detail}
          </Popup>
        </Marker>
      ))}
    </MapContainer>
  );
}
