'use client';

import { LocateFixed } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { lazy, type MouseEvent, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Carousel } from '@/components/ui/carousel';
import { toast } from '@/components/ui/toasts';
import { useApi } from '@/lib/use-api';
import type { NearbyEvent } from './nearby-card';

// The cards are needed only after the visitor asks; their code loads then, not with the home page.
const loadCard = () => import('./nearby-card');
const NearbyCard = lazy(() => loadCard().then((m) => ({ default: m.NearbyCard })));

type State =
  | { step: 'idle' | 'locating' | 'loading' | 'located_failed' | 'load_failed' }
  | { step: 'done'; events: NearbyEvent[] };

const NEARBY_LIMIT = 20; // spec §9
const NEARBY_INTERVAL = 5000; // spec §9: the nearby carousel advances every 5000 ms

function position(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) reject(new Error('no geolocation'));
    else
      navigator.geolocation.getCurrentPosition(resolve, reject, {
        timeout: 15_000,
        maximumAge: 600_000,
      });
  });
}

/**
 * Spec §7 "nearby events": the browser is asked for the location only after the visitor presses the
 * button (never on load); the closest 20 upcoming events follow in a carousel, 4 per view.
 */
export function NearbyEvents() {
  const t = useTranslations('home');
  const api = useApi();
  const headingId = useId();
  const [state, setState] = useState<State>({ step: 'idle' });
  // The button disappears with the results: a keyboard user's focus moves on to the heading.
  const focusHeading = useRef(false);
  const busy = state.step === 'locating' || state.step === 'loading';

  useEffect(() => {
    if (state.step === 'done' && focusHeading.current) document.getElementById(headingId)?.focus();
  }, [state.step, headingId]);

  async function locate(event: MouseEvent<HTMLButtonElement>) {
    if (busy) return;
    // detail 0: the click came from Enter or Space, not from a pointer.
    focusHeading.current = event.detail === 0;
    setState({ step: 'locating' });
    void loadCard();
    let coords: GeolocationCoordinates;
    try {
      coords = (await position()).coords;
    } catch {
      // Spec §8 'load.coordinates.problem': a toast, and the same text stays next to the button.
      toast.error(t('load_coordinates_problem'));
      setState({ step: 'located_failed' });
      return;
    }
    setState({ step: 'loading' });
    const query = new URLSearchParams({
      order_by: 'closest',
      lat: coords.latitude.toFixed(5),
      lng: coords.longitude.toFixed(5),
      limit: String(NEARBY_LIMIT),
    });
    try {
      const res = await api<{ data: NearbyEvent[] }>(`/api/event?${query}`, { quiet: true });
      setState({ step: 'done', events: res.data });
    } catch {
      // Spec §8: list fetches fail quietly; the section says so instead of a toast.
      setState({ step: 'load_failed' });
    }
  }

  const title = (
    <h2 id={headingId} tabIndex={-1} className="text-2xl font-bold">
      {t('nearby.title')}
    </h2>
  );
  const status = (
    <p role="status" className="sr-only">
      {state.step === 'done' ? t('nearby.found', { count: state.events.length }) : ''}
    </p>
  );

  return (
    // One wrapper in every state, so the status region stays mounted and its change is announced.
    <div>
      {status}
      {state.step === 'done' && state.events.length > 0 ? (
        <Suspense fallback={title}>
          <Carousel
            label={t('nearby.title')}
            header={title}
            autoplay={NEARBY_INTERVAL}
            items={state.events.map((event) => ({ key: event.id, node: <NearbyCard event={event} /> }))}
          />
        </Suspense>
      ) : (
        <section aria-labelledby={headingId}>
          {title}
          <div className="mt-4 flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-slate-700">{state.step === 'done' ? t('nearby.empty') : t('nearby.text')}</p>
            {state.step !== 'done' && (
              <button
                type="button"
                onClick={locate}
                aria-disabled={busy}
                aria-describedby={state.step === 'located_failed' ? `${headingId}-error` : undefined}
                className="inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-2 text-center font-semibold text-white hover:bg-brand-700 aria-disabled:opacity-60"
              >
                <LocateFixed aria-hidden size={18} />
                {state.step === 'locating'
                  ? t('nearby.locating')
                  : state.step === 'loading'
                    ? t('nearby.loading')
                    : t('nearby.button')}
              </button>
            )}
          </div>
          {state.step === 'located_failed' && (
            <p id={`${headingId}-error`} className="mt-2 text-sm text-red-700">
              {t('load_coordinates_problem')}
            </p>
          )}
          {state.step === 'load_failed' && <p className="mt-2 text-sm text-red-700">{t('nearby.failed')}</p>}
        </section>
      )}
    </div>
  );
}
