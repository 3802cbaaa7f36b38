'use client';

import { useCallback, useState } from 'react';

export type GeolocationStatus = 'idle' | 'locating' | 'located' | 'failed';

/**
 * The browser's position, asked for only when the visitor presses a button (spec §7 "nearby events" and the
 * list's "use my location"). `locate` resolves to the coordinates, or to null when the browser has no
 * geolocation, the visitor refuses, or no answer comes within 15 s; `status` says where the request stands.
 */
export function useGeolocation() {
  const [status, setStatus] = useState<GeolocationStatus>('idle');

  const locate = useCallback(
    () =>
      new Promise<GeolocationCoordinates | null>((resolve) => {
        if (!('geolocation' in navigator)) {
          setStatus('failed');
          resolve(null);
          return;
        }
        setStatus('locating');
        navigator.geolocation.getCurrentPosition(
          (position) => {
            setStatus('located');
            resolve(position.coords);
          },
          () => {
            setStatus('failed');
            resolve(null);
          },
          // A position up to 10 minutes old is still near enough; it answers at once on a second press.
          { timeout: 15_000, maximumAge: 600_000 },
        );
      }),
    [],
  );

  return { status, locate };
}
