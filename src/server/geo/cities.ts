import 'server-only';
import { nearestCity, polishCities } from '@/server/geo/city-list';

const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/ł/g, 'l')
    .trim();

const byName = new Map(polishCities.map((c) => [fold(c.name), c]));

/** The centre of a known Polish city by name (any case, with or without diacritics), offline. */
export function cityCentre(name: string): { lat: number; lng: number } | null {
  const city = byName.get(fold(name));
  return city ? { lat: city.lat, lng: city.lng } : null;
}

/** Reverse geocoding without a network: the nearest city of the shipped list. */
export function nearestCityName(lat: number, lng: number): string | null {
  return nearestCity(lat, lng)?.name ?? null;
}
