'use client';

import dynamic from 'next/dynamic';
import { type ComponentProps, useRef } from 'react';
import { useNearScreen } from '@/components/hooks/use-near-screen';

const placeholder = <div className="h-full w-full animate-pulse bg-slate-200" />;

// Leaflet is loaded only in the browser, and only when the map comes near the screen.
const PlaceMap = dynamic(() => import('@/components/map/place-map').then((m) => m.PlaceMap), {
  ssr: false,
  loading: () => placeholder,
});

export function PlaceMapSection(props: ComponentProps<typeof PlaceMap>) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearScreen(box);
  return (
    // `isolate` keeps Leaflet's high z-indexes below the sticky top bar; the fixed height keeps the page
    // from shifting when the map arrives.
    <div
      ref={box}
      className="relative isolate h-64 overflow-hidden rounded-xl border border-slate-200 bg-slate-100"
    >
      {near ? <PlaceMap {...props} /> : placeholder}
    </div>
  );
}
