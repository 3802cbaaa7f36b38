'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useState } from 'react';
import { NearbyCard, type NearbyEvent } from '@/components/home/nearby-card';
import { fetchNearbyEvents } from '@/components/home/nearby-panel';
import { useApi } from '@/components/hooks/use-api';
import { useGeolocation } from '@/components/hooks/use-geolocation';
import { Button } from '@/components/ui/button';
import { Carousel } from '@/components/ui/carousel';
import { LocateFixed } from '@/components/ui/icons';
import { carouselIntervalMs, nearbyPerSlide } from '@/lib/spec-limits';

/**
 * Spec §2 /calendar's recommended-nearby carousel (attendees only): 20 events by distance from the
 * browser's location, else from the attendee's city (`cityEvents`, loaded by the page). The location is
 * used at once only where the browser already allows it; otherwise a button asks, never the page load.
 */
export function CalendarNearby({ city, cityEvents }: { city: string | null; cityEvents: NearbyEvent[] }) {
  const t = useTranslations('calendar.nearby');
  const th = useTranslations('home');
  const api = useApi();
  const headingId = useId();
  const { status, locate } = useGeolocation();
  const [located, setLocated] = useState<NearbyEvent[] | null>(null);
  const [failure, setFailure] = useState<'location' | 'load' | null>(null);

  const locateAndLoad = useCallback(async () => {
    const coords = await locate();
    if (!coords) {
      setFailure('location');
      return;
    }
    try {
      setLocated(await fetchNearbyEvents(api, coords));
      setFailure(null);
    } catch {
      // Spec §8: list fetches fail quietly; the city's events stay and a line says so.
      setFailure('load');
    }
  }, [api, locate]);

  useEffect(() => {
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((permission) => {
        if (permission.state === 'granted') void locateAndLoad();
      })
      .catch(() => {});
  }, [locateAndLoad]);

  const events = located ?? cityEvents;
  const source = located ? t('by_location') : city && cityEvents.length ? t('by_city', { city }) : null;
  const busy = status === 'locating';
  const header = (
    <div>
      <h2 id={headingId} className="text-xl font-semibold">
        {th('nearby.title')}
      </h2>
      {source && <p className="text-sm text-slate-600">{source}</p>}
    </div>
  );

  return (
    <div className="mt-10">
      {events.length > 0 ? (
        <Carousel
          label={th('nearby.title')}
          header={header}
          autoplay={carouselIntervalMs}
          perView={{ base: 1, sm: 2, md: nearbyPerSlide }}
          items={events.map((event) => ({ key: event.id, node: <NearbyCard event={event} /> }))}
        />
      ) : (
        <section aria-labelledby={headingId}>
          {header}
          <p className="mt-2 text-slate-700">{located || city ? th('nearby.empty') : t('no_city')}</p>
        </section>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {!located && (
          <Button
            variant="secondary"
            onClick={() => !busy && void locateAndLoad()}
            aria-disabled={busy}
            className="py-2"
          >
            <LocateFixed aria-hidden size={18} />
            {busy ? th('nearby.locating') : t('use_location')}
          </Button>
        )}
        <p role="status" className="text-sm text-red-700">
          {failure === 'location'
            ? th('load_coordinates_problem')
            : failure === 'load'
              ? th('nearby.failed')
              : ''}
        </p>
      </div>
    </div>
  );
}
