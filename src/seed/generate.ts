import { cities, type SeedCity } from '@/server/geo/city-list';
import { categories as seedCategories } from './data/categories';
import { type EventTemplate, eventTemplates, type PlaceTemplate, placeTemplates } from './data/content';
import type { Random } from './random';

// Pure generators shared by the demo seeder and the benchmark seeder: rows in, no database here.

export interface GeneratedPlace {
  index: number;
  ownerIndex: number;
  name: string;
  template: PlaceTemplate;
  categorySlugs: string[];
  city: SeedCity;
  street: string;
  postcode: string;
  lat: number;
  lng: number;
  phone: string;
  description: string;
  verified: boolean;
}

export interface GeneratedEvent {
  placeIndex: number;
  categorySlug: string;
  /** The language its name and description are written in (issue 31). */
  lang: 'pl' | 'en';
  name: string;
  description: string;
  startDate: Date;
  endDate: Date;
  priceMin: number;
  priceMax: number;
  spotsLeft: number;
  hasTicketUrl: boolean;
  visitCount: number;
}

// Bigger cities get more places, roughly as people would find them.
const cityWeights: Record<string, number> = {
  Warszawa: 6,
  Kraków: 6,
  Gdańsk: 4,
  Wrocław: 4,
  Poznań: 3,
  Łódź: 3,
};

function weightedCities(): SeedCity[] {
  return cities.flatMap((c) => Array.from({ length: cityWeights[c.name] ?? 1 }, () => c));
}

const surnames = [
  'Nowak',
  'Kowalski',
  'Wiśniewski',
  'Wójcik',
  'Kamiński',
  'Lewandowski',
  'Zieliński',
  'Szymański',
];

function fill(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

function jitter(rnd: Random, spread: number): number {
  return (rnd.next() - 0.5) * 2 * spread;
}

export function generatePlace(
  rnd: Random,
  index: number,
  ownerIndex: number,
  inCity?: string,
): GeneratedPlace {
  const template = rnd.pick(placeTemplates);
  const city = cities.find((c) => c.name === inCity) ?? rnd.pick(weightedCities());
  const street = rnd.pick(city.streets);
  const name = fill(rnd.pick(template.namePatterns), {
    city: city.name,
    street,
    surname: rnd.pick(surnames),
  });
  const extra = rnd.chance(0.3)
    ? rnd.sample(
        seedCategories.map((c) => c.slug),
        1,
      )
    : [];
  return {
    index,
    ownerIndex,
    name,
    template,
    categorySlugs: [...new Set([...template.categorySlugs.slice(0, 2), ...extra])],
    city,
    street: `${street} ${rnd.int(1, 120)}`,
    postcode: `${city.postcodePrefix}-${String(rnd.int(1, 999)).padStart(3, '0')}`,
    lat: Number((city.lat + jitter(rnd, 0.035)).toFixed(6)),
    lng: Number((city.lng + jitter(rnd, 0.05)).toFixed(6)),
    phone: `+48 ${rnd.int(500, 799)} ${rnd.int(100, 999)} ${rnd.int(100, 999)}`,
    description: rnd.pick(template.descriptions),
    verified: rnd.chance(0.7),
  };
}

function templatesFor(slug: string): EventTemplate[] {
  const own = eventTemplates.filter((t) => t.categorySlug === slug);
  return own.length ? own : eventTemplates;
}

/** An event at the given place, starting within `days` days of `from`. */
export function generateEvent(
  rnd: Random,
  place: Pick<GeneratedPlace, 'index' | 'categorySlugs'>,
  from: Date,
  days: number,
): GeneratedEvent {
  const categorySlug = rnd.pick(place.categorySlugs);
  const template = rnd.pick(templatesFor(categorySlug));
  const day = new Date(from);
  day.setUTCDate(day.getUTCDate() + rnd.int(0, days - 1));
  // Hours are Warsaw wall-clock times; UTC+1 in winter is close enough for demo data.
  day.setUTCHours(rnd.pick(template.startHours) - 1, rnd.pick([0, 0, 0, 15, 30, 45]), 0, 0);
  const hours = rnd.int(template.durationHours[0], template.durationHours[1]);
  const end = new Date(day.getTime() + hours * 3_600_000);
  const free = rnd.chance(0.15);
  const priceMin = free ? 0 : Math.round(rnd.int(template.priceMin[0], template.priceMin[1]) / 100) * 100;
  const priceMax = free
    ? 0
    : Math.max(priceMin, Math.round(rnd.int(template.priceMax[0], template.priceMax[1]) / 100) * 100);
  return {
    placeIndex: place.index,
    categorySlug: template.categorySlug,
    lang: template.lang,
    name: rnd.pick(template.names),
    description: rnd.pick(template.descriptions),
    startDate: day,
    endDate: end,
    priceMin,
    priceMax,
    spotsLeft: rnd.int(0, 400),
    hasTicketUrl: !free && rnd.chance(0.7),
    visitCount: Math.floor(rnd.next() ** 3 * 5000),
  };
}

/** Opening hours for 7 days (1 = Monday), shaped by the kind of place. */
export function generateHours(rnd: Random) {
  const style = rnd.pick(['office', 'evening', 'always', 'museum'] as const);
  return Array.from({ length: 7 }, (_, i) => {
    const weekDay = i + 1;
    if (style === 'always') return { weekDay, from: null, to: null, closed: false, wholeDay: true };
    if (style === 'museum' && weekDay === 1)
      return { weekDay, from: null, to: null, closed: true, wholeDay: false };
    if (style === 'office' && weekDay === 7)
      return { weekDay, from: null, to: null, closed: true, wholeDay: false };
    const [from, to] =
      style === 'evening'
        ? ['16:00', weekDay >= 5 ? '02:00' : '23:00']
        : ['10:00', weekDay >= 6 ? '16:00' : '18:00'];
    return { weekDay, from, to, closed: false, wholeDay: false };
  });
}
