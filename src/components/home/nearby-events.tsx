'use client';

import { CalendarDays, LocateFixed, MapPin, Navigation } from 'lucide-react';
import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Carousel } from '@/components/ui/carousel';
import { formatDate, formatPrice } from '@/lib/format';
import { useApi } from '@/lib/use-api';

/** The fields of a GET /api/event card this section shows. */
interface NearbyEvent {
  id: number;
  name: string;
  city: string;
  start_date: string;
  price_min: number;
  price_max: number;
  banner: { url: string } | null;
  image: { url: string } | null;
  distance_km: number | null;
}

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
        <Carousel
          label={t('nearby.title')}
          header={title}
          autoplay={NEARBY_INTERVAL}
          items={state.events.map((event) => ({ key: event.id, node: <NearbyCard event={event} /> }))}
        />
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

function NearbyCard({ event }: { event: NearbyEvent }) {
  const t = useTranslations('home.nearby');
  const te = useTranslations('events');
  const format = useFormatter();
  const image = event.image?.url ?? event.banner?.url;
  const min = Math.round(event.price_min * 100);
  const max = Math.round(event.price_max * 100);
  const price =
    max === 0 ? te('free') : min === max ? formatPrice(min) : `${formatPrice(min)} – ${formatPrice(max)}`;
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <Link href={`/event/${event.id}`} className="flex h-full flex-col focus-visible:outline-offset-[-3px]">
        <div className="aspect-[3/2] overflow-hidden bg-slate-200">
          {image && (
            <img
              src={image}
              alt=""
              loading="lazy"
              className="h-full w-full object-cover transition group-hover:scale-105"
            />
          )}
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3">
          <h3 className="line-clamp-2 font-semibold leading-snug">{event.name}</h3>
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <CalendarDays aria-hidden size={14} />
            <time dateTime={event.start_date}>{formatDate(event.start_date)}</time>
          </p>
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <MapPin aria-hidden size={14} />
            {event.city}
          </p>
          {event.distance_km !== null && (
            <p className="flex items-center gap-1 text-sm text-slate-600">
              <Navigation aria-hidden size={14} />
              {t('distance', { km: format.number(event.distance_km, { maximumFractionDigits: 1 }) })}
            </p>
          )}
          <p className="mt-auto pt-1 text-sm font-semibold text-brand-700">{price}</p>
        </div>
      </Link>
    </article>
  );
}
