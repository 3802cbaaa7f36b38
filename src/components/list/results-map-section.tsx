'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import type { ResultsMapProps } from './results-map';

// Leaflet stays out of the first load: its chunk is fetched only when the map comes near the screen.
const ResultsMap = dynamic(() => import('./results-map').then((m) => m.ResultsMap), {
  ssr: false,
  loading: () => <div className="h-full w-full animate-pulse bg-slate-200" />,
});

export function ResultsMapSection(props: ResultsMapProps) {
  const t = useTranslations('list.map');
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const node = box.current;
    if (!node || near) return;
    // A hidden tab's map never intersects, so it loads when its tab is opened.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '300px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near]);
  return (
    // `isolate` keeps Leaflet's high z-indexes below the sticky top bar.
    <div
      ref={box}
      className="relative isolate h-72 overflow-hidden rounded-xl border border-slate-200 bg-slate-100 md:h-96"
    >
      {near ? (
        <ResultsMap {...props} />
      ) : (
        <p className="flex h-full items-center justify-center text-sm text-slate-600">{t('loading')}</p>
      )}
    </div>
  );
}
