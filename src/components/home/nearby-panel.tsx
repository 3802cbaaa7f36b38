'use client';

import { useTranslations } from 'next-intl';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useApi } from '@/components/hooks/use-api';
import { useGeolocation } from '@/components/hooks/use-geolocation';
import { Carousel } from '@/components/ui/carousel';
import { toast } from '@/components/ui/toasts';
import { carouselIntervalMs, homeLists, nearbyPerSlide } from '@/lib/spec-limits';
import type { NearbyEvent } from './nearby-card';
import { NearbyPrompt } from './nearby-prompt';

// The cards are needed only after the visitor asks; their code loads then, not with the home page.
const loadCard = () => import('./nearby-card');
const NearbyCard = lazy(() => loadCard().then((m) => ({ default: m.NearbyCard })));

/** Spec §7 "nearby events": the 20 upcoming events closest to the position (also the calendar's panel). */
export async function fetchNearbyEvents(
  api: ReturnType<typeof useApi>,
  coords: { latitude: number; longitude: number },
): Promise<NearbyEvent[]> {
  const query = {
    order_by: 'closest',
    lat: Number(coords.latitude.toFixed(5)),
    lng: Number(coords.longitude.toFixed(5)),
    limit: homeLists.nearbyEvents,
  } as const;
  return (await api('/api/event', { query, quiet: true })).data;
}

// The fetch of the events; the location request before it keeps its own state in useGeolocation.
type Result = { step: 'idle' | 'loading' | 'load_failed' } | { step: 'done'; events: NearbyEvent[] };

/**
 * Spec §7 "nearby events": the browser is asked for the location only after the visitor presses the
 * button (never on load); the closest 20 upcoming events follow in a carousel, 4 per view. The home
 * page loads this code only when the button is first pressed (NearbyEvents), and `start` then carries
 * that press: the panel asks for the location as soon as it is mounted.
 */
export function NearbyPanel({ start }: { start?: { keyboard: boolean } }) {
  const t = useTranslations('home');
  const api = useApi();
  const headingId = useId();
  const geolocation = useGeolocation();
  const [result, setResult] = useState<Result>({ step: 'idle' });
  // While the browser is asked, or after it refused, that is what the section shows; a new press asks again.
  const step =
    geolocation.status === 'locating'
      ? 'locating'
      : geolocation.status === 'failed'
        ? 'located_failed'
        : result.step;
  // The button disappears with the results: a keyboard user's focus moves on to the heading.
  const focusHeading = useRef(false);
  const busy = step === 'locating' || step === 'loading';

  useEffect(() => {
    if (result.step === 'done' && focusHeading.current) document.getElementById(headingId)?.focus();
  }, [result.step, headingId]);

  async function locate(keyboard: boolean) {
    if (busy) return;
    focusHeading.current = keyboard;
    // Shown once the position is known: the fetch follows without a step back to the idle button.
    setResult({ step: 'loading' });
    void loadCard();
    const coords = await geolocation.locate();
    if (!coords) {
      // Spec §8 'load.coordinates.problem': a toast, and the same text stays next to the button.
      toast.error(t('load_coordinates_problem'));
      return;
    }
    try {
      setResult({ step: 'done', events: await fetchNearbyEvents(api, coords) });
    } catch {
      // Spec §8: list fetches fail quietly; the section says so instead of a toast.
      setResult({ step: 'load_failed' });
    }
  }

  // The press that loaded this panel: it starts at once, and a keyboard's focus stays on the button.
  const started = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the press that mounted the panel
  useEffect(() => {
    if (!start || started.current) return;
    started.current = true;
    if (start.keyboard) button.current?.focus();
    void locate(start.keyboard);
  }, []);

  const title = (
    <h2 id={headingId} tabIndex={-1} className="text-2xl font-bold">
      {t('nearby.title')}
    </h2>
  );
  const status = (
    <p role="status" className="sr-only">
      {result.step === 'done' ? t('nearby.found', { count: result.events.length }) : ''}
    </p>
  );

  return (
    // One wrapper in every state, so the status region stays mounted and its change is announced.
    <div>
      {status}
      {result.step === 'done' && result.events.length > 0 ? (
        <Suspense fallback={title}>
          <Carousel
            label={t('nearby.title')}
            header={title}
            autoplay={carouselIntervalMs}
            perView={{ base: 1, sm: 2, md: nearbyPerSlide }}
            items={result.events.map((event) => ({ key: event.id, node: <NearbyCard event={event} /> }))}
          />
        </Suspense>
      ) : (
        <NearbyPrompt
          headingId={headingId}
          title={title}
          text={step === 'done' ? t('nearby.empty') : t('nearby.text')}
          button={
            step === 'done'
              ? undefined
              : {
                  label:
                    step === 'locating'
                      ? t('nearby.locating')
                      : step === 'loading'
                        ? t('nearby.loading')
                        : t('nearby.button'),
                  busy,
                  // detail 0: the click came from Enter or Space, not from a pointer.
                  onClick: (event) => locate(event.detail === 0),
                  describedBy: step === 'located_failed' ? `${headingId}-error` : undefined,
                  ref: button,
                }
          }
        >
          {step === 'located_failed' && (
            <p id={`${headingId}-error`} className="mt-2 text-sm text-red-700">
              {t('load_coordinates_problem')}
            </p>
          )}
          {step === 'load_failed' && <p className="mt-2 text-sm text-red-700">{t('nearby.failed')}</p>}
        </NearbyPrompt>
      )}
    </div>
  );
}
