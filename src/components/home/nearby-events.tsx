'use client';

import { LocateFixed } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { lazy, type MouseEvent, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useApi } from '@/components/hooks/use-api';
import { useGeolocation } from '@/components/hooks/use-geolocation';
import { Carousel } from '@/components/ui/carousel';
import { toast } from '@/components/ui/toasts';
import { carouselIntervalMs, homeLists, nearbyPerSlide } from '@/lib/spec-limits';
import type { NearbyEvent } from './nearby-card';

// The cards are needed only after the visitor asks; their code loads then, not with the home page.
const loadCard = () => import('./nearby-card');
const NearbyCard = lazy(() => loadCard().then((m) => ({ default: m.NearbyCard })));

/** Spec §7 "nearby events": the 20 upcoming events closest to the position (also the calendar's panel). */
export async function fetchNearbyEvents(
  api: ReturnType<typeof useApi>,
  coords: { latitude: number; longitude: number },
): Promise<NearbyEvent[]> {
  const query = new URLSearchParams({
    order_by: 'closest',
    lat: coords.latitude.toFixed(5),
    lng: coords.longitude.toFixed(5),
    limit: String(homeLists.nearbyEvents),
  });
  return (await api<{ data: NearbyEvent[] }>(`/api/event?${query}`, { quiet: true })).data;
}

// The fetch of the events; the location request before it keeps its own state in useGeolocation.
type Result = { step: 'idle' | 'loading' | 'load_failed' } | { step: 'done'; events: NearbyEvent[] };

/**
 * Spec §7 "nearby events": the browser is asked for the location only after the visitor presses the
 * button (never on load); the closest 20 upcoming events follow in a carousel, 4 per view.
 */
export function NearbyEvents() {
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

  async function locate(event: MouseEvent<HTMLButtonElement>) {
    if (busy) return;
    // detail 0: the click came from Enter or Space, not from a pointer.
    focusHeading.current = event.detail === 0;
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
        <section aria-labelledby={headingId}>
          {title}
          <div className="mt-4 flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-slate-700">{step === 'done' ? t('nearby.empty') : t('nearby.text')}</p>
            {step !== 'done' && (
              <button
                type="button"
                onClick={locate}
                aria-disabled={busy}
                aria-describedby={step === 'located_failed' ? `${headingId}-error` : undefined}
                className="inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-2 text-center font-semibold text-white hover:bg-brand-700 aria-disabled:opacity-60"
              >
                <LocateFixed aria-hidden size={18} />
                {step === 'locating'
                  ? t('nearby.locating')
                  : step === 'loading'
                    ? t('nearby.loading')
                    : t('nearby.button')}
              </button>
            )}
          </div>
          {step === 'located_failed' && (
            <p id={`${headingId}-error`} className="mt-2 text-sm text-red-700">
              {t('load_coordinates_problem')}
            </p>
          )}
          {step === 'load_failed' && <p className="mt-2 text-sm text-red-700">{t('nearby.failed')}</p>}
        </section>
      )}
    </div>
  );
}
