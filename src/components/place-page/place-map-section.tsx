'use client';

import dynamic from 'next/dynamic';
import type { ComponentProps } from 'react';

// Leaflet is loaded only on pages that show a map, and only in the browser.
const PlaceMap = dynamic(() => import('@/components/map/place-map').then((m) => m.PlaceMap), {
  ssr: false,
  loading: () => <div className="h-full w-full animate-pulse bg-slate-200" />,
});

export function PlaceMapSection(props: ComponentProps<typeof PlaceMap>) {
  return (
    // `isolate` keeps Leaflet's high z-indexes below the sticky top bar.
    <div className="relative isolate h-64 overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
      <PlaceMap {...props} />
    </div>
  );
}
