'use client';

import type { ComponentProps } from 'react';
import { useGeolocation } from '@/components/hooks/use-geolocation';
import { DistanceFilter } from './distance-filter';
import { PriceFilter } from './price-filter';

type Props = Omit<ComponentProps<typeof DistanceFilter>, 'locating' | 'locationFailed' | 'onLocate'> & {
  /** The browser's answer to "use my location". */
  onLocated: (coords: GeolocationCoordinates) => void;
};

/**
 * "More filters": price and distance (the dates are in view, issue 30). Loaded when the visitor opens
 * them, or with the page when the URL already uses one of them (then they are open from the start); the
 * location request, which only the distance uses, comes with them.
 */
export function AdvancedFilters({ onLocated, ...props }: Props) {
  const { id, draft, set } = props;
  const geolocation = useGeolocation();
  const locate = async () => {
    const coords = await geolocation.locate();
    if (coords) onLocated(coords);
  };
  return (
    <>
      <PriceFilter id={id} draft={draft} set={set} />
      <DistanceFilter
        {...props}
        locating={geolocation.status === 'locating'}
        locationFailed={geolocation.status === 'failed'}
        onLocate={locate}
      />
    </>
  );
}
