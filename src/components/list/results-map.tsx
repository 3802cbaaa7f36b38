'use client';

import { latLngBounds } from 'leaflet';
import { useEffect } from 'react';
import { Marker, Popup, useMap } from 'react-leaflet';
import type { MapSettings } from '@/components/map/map-settings';
import { pinIcon, RegionMap } from '@/components/map/region-map';
import { Link } from '@/components/ui/link';

export interface MapItem {
  id: number;
  name: string;
  detail: string;
  href: string;
  lat: number;
  lng: number;
}

const pin = pinIcon(28, 37, { popupAnchor: [0, -32] });

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

export interface ResultsMapProps {
  items: MapItem[];
  label: string;
  map: MapSettings;
}

/**
 * The current page's results as markers whose popups link to each item. Client-only (Leaflet touches
 * `window` on import): load it with next/dynamic and `ssr: false`.
 */
export function ResultsMap({ items, label, map }: ResultsMapProps) {
  return (
    <RegionMap center={poland.center} zoom={poland.zoom} label={label} map={map}>
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
    </RegionMap>
  );
}
