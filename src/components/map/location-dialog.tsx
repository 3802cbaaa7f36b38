'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import { ErrorText, inputClass } from '@/components/forms/fields';
import { ApiError, useApi } from '@/components/hooks/use-api';
import { Button } from '@/components/ui/button';
import type { LatLng, MapView } from './location-picker';
import type { MapSettings } from './map-settings';

const LocationPicker = dynamic(() => import('./location-picker').then((m) => m.LocationPicker), {
  ssr: false,
});

const cityZoom = 13;
const suggestDelayMs = 400;

/** Spec §5: coordinates are valid only if both are greater than 0 (and on the globe). */
function validPoint(lat: number, lng: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lng) && lat > 0 && lng > 0 && lat <= 90 && lng <= 180;
}

export const round = (n: number) => Math.round(n * 1e6) / 1e6;
/** The form's own field of that name (the dialog sits inside the form, so the opener knows it). */
function formInput(opener: HTMLButtonElement | null, name: string): HTMLInputElement | null {
  const field = opener?.form?.elements.namedItem(name);
  return field instanceof HTMLInputElement ? field : null;
}

/** After each new pin, the nearest known town, when the form's city field does not already name it. */
function useNearestCity(point: LatLng | null, opener: RefObject<HTMLButtonElement | null>) {
  const api = useApi();
  const [suggestion, setSuggestion] = useState<string | null>(null);
  useEffect(() => {
    if (!point) return;
    let cancelled = false;
    const timer = window.setTimeout(async () => {
      try {
        const result = await api('/api/geo/nearest-city', { query: point, quiet: true });
        if (cancelled) return;
        const city = formInput(opener.current, 'city')?.value ?? '';
        // Offered also when only the spelling differs ("krakow"), so the form gets the proper name.
        setSuggestion(city.trim() === result.data.city ? null : result.data.city);
      } catch {
        if (!cancelled) setSuggestion(null);
      }
    }, suggestDelayMs);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [api, point, opener]);
  return [suggestion, setSuggestion] as const;
}

/** The pin typed in: latitude and longitude; Enter confirms. */
function TypedCoordinates({
  id,
  text,
  error,
  onType,
  onEnter,
}: {
  id: string;
  text: { lat: string; lng: string };
  error: string | null;
  onType: (field: 'lat' | 'lng', value: string) => void;
  onEnter: () => void;
}) {
  const t = useTranslations('company_form.location');
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-sm text-slate-600">{t('typed')}</legend>
      {(['lat', 'lng'] as const).map((field) => (
        <div key={field}>
          <label htmlFor={`${id}-${field}`} className="mb-1 block text-sm font-medium text-slate-800">
            {t(field)}
          </label>
          <input
            id={`${id}-${field}`}
            type="number"
            inputMode="decimal"
            step="any"
            min={0}
            max={field === 'lat' ? 90 : 180}
            value={text[field]}
            onChange={(event) => onType(field, event.currentTarget.value)}
            // The dialog sits inside the place form: Enter here confirms the pin instead of sending the form.
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                onEnter();
              }
            }}
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-error` : undefined}
            className={inputClass}
          />
        </div>
      ))}
    </fieldset>
  );
}

/** The dialog's content: a map to pin, "centre on the form's city", the nearest town, typed coordinates. */
export function LocationDialog({
  titleId,
  hintId,
  initial,
  settings,
  opener,
  onCancel,
  onConfirm,
}: {
  titleId: string;
  hintId: string;
  initial: LatLng | null;
  settings: MapSettings;
  opener: RefObject<HTMLButtonElement | null>;
  onCancel: () => void;
  onConfirm: (point: LatLng) => void;
}) {
  const t = useTranslations('company_form.location');
  const tv = useTranslations('validation');
  const ta = useTranslations('api');
  const api = useApi();
  const id = useId();
  const [point, setPoint] = useState<LatLng | null>(initial);
  const [text, setText] = useState({
    lat: initial ? String(round(initial.lat)) : '',
    lng: initial ? String(round(initial.lng)) : '',
  });
  const [view, setView] = useState<MapView | null>(null);
  const [status, setStatus] = useState('');
  const [suggestion, setSuggestion] = useNearestCity(point, opener);
  const [error, setError] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  const pick = useCallback((next: LatLng) => {
    setPoint(next);
    setText({ lat: String(round(next.lat)), lng: String(round(next.lng)) });
    setError(null);
  }, []);

  const centreOnCity = async () => {
    const city = formInput(opener.current, 'city')?.value.trim() ?? '';
    if (!city) {
      setStatus(t('city_missing'));
      return;
    }
    try {
      const result = await api('/api/geo/city', { query: { name: city }, quiet: true });
      const centre = { lat: result.data.lat, lng: result.data.lng };
      pick(centre);
      setView({ ...centre, zoom: cityZoom });
      setStatus(t('city_found', { city }));
    } catch (err) {
      setStatus(
        err instanceof ApiError && err.status === 404 ? t('city_unknown', { city }) : ta('server_error'),
      );
    }
  };

  const fillCity = (city: string) => {
    const input = formInput(opener.current, 'city');
    if (input) input.value = city;
    setSuggestion(null);
    setStatus(t('city_filled', { city }));
    // The suggestion and its button are gone; the next step is confirming the pin.
    confirmButton.current?.focus();
  };

  const type = (field: 'lat' | 'lng', value: string) => {
    const next = { ...text, [field]: value };
    setText(next);
    const lat = Number.parseFloat(next.lat);
    const lng = Number.parseFloat(next.lng);
    if (validPoint(lat, lng)) {
      setPoint({ lat, lng });
      setView({ lat, lng, zoom: cityZoom });
      setError(null);
    }
  };

  const confirm = () => {
    if (text.lat.trim() === '' && text.lng.trim() === '') {
      setError(t('required'));
      return;
    }
    const lat = Number.parseFloat(text.lat);
    const lng = Number.parseFloat(text.lng);
    if (!validPoint(lat, lng)) {
      setError(tv('coordinates'));
      return;
    }
    onConfirm({ lat, lng });
  };

  return (
    <div className="grid gap-4 p-4 sm:p-6">
      <h2 id={titleId} className="text-xl font-semibold">
        {t('title')}
      </h2>
      <p id={hintId} className="text-sm text-slate-600">
        {t('hint')}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button variant="outline" onClick={centreOnCity}>
          {t('use_address')}
        </Button>
        <p role="status" className="min-w-0 flex-1 basis-48 text-sm text-slate-800">
          {status}
        </p>
      </div>
      <div className="h-64 overflow-hidden rounded-lg border border-slate-300 sm:h-96">
        <LocationPicker position={point} view={view} settings={settings} onPick={pick} />
      </div>
      {suggestion && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-brand-50 p-3">
          <p>{t('nearest', { city: suggestion })}</p>
          <Button variant="outline" onClick={() => fillCity(suggestion)}>
            {t('fill_city', { city: suggestion })}
          </Button>
        </div>
      )}
      <TypedCoordinates id={id} text={text} error={error} onType={type} onEnter={confirm} />
      <ErrorText id={`${id}-error`} messages={error ? [error] : []} />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button ref={confirmButton} onClick={confirm}>
          {t('confirm')}
        </Button>
      </div>
    </div>
  );
}
