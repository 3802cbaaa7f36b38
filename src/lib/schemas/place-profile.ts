import { z } from 'zod';
import { toStoredTexts } from '@/lib/content-language';
import { homeAdNameMax, textMax, weekDays } from '@/lib/form-limits';
import type { Locale } from '@/lib/locale';
import {
  alsoOnFieldErrors,
  asArray,
  attributeIdsField,
  checkPasswordPair,
  emailField,
  flag,
  idList,
  optionalEmail,
  optionalNumber,
  optionalText,
  optionalUrl,
  passwordField,
  requiredText,
  textList,
  youtubeField,
} from './fields';

export { weekDays };

/** HH:mm, 24-hour clock, in 5-minute steps (spec §5). */
export const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5][05]$/, 'validation.time');

// Hours arrive as place_hours_from[d], place_hours_to[d], place_hours_closed[d],
// place_hours_whole_day[d] for d = 1..7 (a zero-based 0..6 form is accepted too).
function byDay(value: unknown): Record<number, unknown> {
  if (value === undefined || value === null || value === '') return {};
  const entries = Array.isArray(value)
    ? value.map((v, i) => [i, v] as const)
    : typeof value === 'object'
      ? Object.entries(value as Record<string, unknown>).map(([k, v]) => [Number(k), v] as const)
      : [];
  const zeroBased = entries.some(([k]) => k === 0);
  return Object.fromEntries(entries.map(([k, v]) => [zeroBased ? k + 1 : k, v]));
}

/** A day's opening: from and to (HH:MM) unless closed or open the whole day. */
interface Hours {
  from: string | null;
  to: string | null;
  closed: boolean;
  wholeDay: boolean;
}

export interface DayHours extends Hours {
  weekDay: number;
}

/** Form fields read as they come (per-day and per-row maps) and checked by the refinements below. */
const looseFields = <Name extends string>(...names: Name[]) =>
  Object.fromEntries(names.map((name) => [name, z.unknown().optional()])) as Record<
    Name,
    z.ZodOptional<z.ZodUnknown>
  >;

const hourFields = looseFields(
  'place_hours_from',
  'place_hours_to',
  'place_hours_closed',
  'place_hours_whole_day',
);

type HourInput = Partial<Record<keyof typeof hourFields, unknown>>;

/** A day's hours as the form sent them, for a weekday or a special day. */
interface SentHours {
  from: unknown;
  to: unknown;
  closed: boolean;
  wholeDay: boolean;
}

function weekRows(input: HourInput) {
  const from = byDay(input.place_hours_from);
  const to = byDay(input.place_hours_to);
  const closed = byDay(input.place_hours_closed);
  const whole = byDay(input.place_hours_whole_day);
  return weekDays.map((d) => ({
    weekDay: d,
    from: from[d],
    to: to[d],
    closed: flag.parse(closed[d]),
    wholeDay: flag.parse(whole[d]),
  }));
}

/** Spec §4/§5: closed and whole-day exclude each other; otherwise both times are required. */
function checkDay(day: SentHours, pathOf: (field: 'closed' | 'from' | 'to') => string, ctx: z.RefinementCtx) {
  if (day.closed && day.wholeDay) {
    ctx.addIssue({ code: 'custom', path: [pathOf('closed')], message: 'validation.hours_exclusive' });
  }
  if (day.closed || day.wholeDay) return;
  for (const field of ['from', 'to'] as const) {
    const value = day[field];
    if (value === undefined || value === null || value === '') {
      ctx.addIssue({ code: 'custom', path: [pathOf(field)], message: 'validation.time_required' });
    } else if (!timeOfDay.safeParse(value).success) {
      ctx.addIssue({ code: 'custom', path: [pathOf(field)], message: 'validation.time' });
    }
  }
}

/** What is stored of a checked day: no times when it is closed or open the whole day. */
function storedHours(day: SentHours): Hours {
  const wholeDay = !day.closed && day.wholeDay;
  return day.closed || wholeDay
    ? { from: null, to: null, closed: day.closed, wholeDay }
    : { from: String(day.from ?? ''), to: String(day.to ?? ''), closed: false, wholeDay: false };
}

export function checkHours(input: HourInput, ctx: z.RefinementCtx): void {
  for (const day of weekRows(input)) checkDay(day, (field) => `place_hours_${field}.${day.weekDay}`, ctx);
}

function readHours(input: HourInput): DayHours[] {
  return weekRows(input).map((day) => ({ weekDay: day.weekDay, ...storedHours(day) }));
}

// Issue 30: special days arrive as special_hours_date[k], special_hours_from[k], special_hours_to[k],
// special_hours_closed[k], special_hours_whole_day[k] for row keys k, with special_hours_sent=1 so that
// a form that removed them all is told apart from a client that does not send them (those are kept).
export const specialDaysMax = 60;

export interface SpecialDayHours extends Hours {
  date: string;
}

const specialFields = looseFields(
  'special_hours_sent',
  'special_hours_date',
  'special_hours_from',
  'special_hours_to',
  'special_hours_closed',
  'special_hours_whole_day',
);
type SpecialInput = Partial<Record<keyof typeof specialFields, unknown>>;

const byKey = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object'
    ? Array.isArray(value)
      ? Object.fromEntries(value.map((v, i) => [String(i), v]))
      : (value as Record<string, unknown>)
    : {};

const isCalendarDate = (v: unknown): v is string => {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const time = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(v);
};

function specialRows(input: SpecialInput) {
  const dates = byKey(input.special_hours_date);
  const from = byKey(input.special_hours_from);
  const to = byKey(input.special_hours_to);
  const closed = byKey(input.special_hours_closed);
  const whole = byKey(input.special_hours_whole_day);
  return Object.keys(dates).map((key) => ({
    key,
    date: typeof dates[key] === 'string' ? (dates[key] as string).trim() : dates[key],
    from: from[key],
    to: to[key],
    closed: flag.parse(closed[key]),
    wholeDay: flag.parse(whole[key]),
  }));
}

/**
 * Issue 30: each special day has a real date (at most two years ahead, once), and like a weekday either
 * "closed", "open 24 hours" or both times; at most 60 of them.
 */
export function checkSpecialHours(input: SpecialInput, ctx: z.RefinementCtx): void {
  const rows = specialRows(input);
  if (rows.length > specialDaysMax) {
    ctx.addIssue({ code: 'custom', path: ['special_hours_date'], message: 'validation.special_days_max' });
  }
  const latest = new Date(Date.now() + 2 * 366 * 86_400_000).toISOString().slice(0, 10);
  const seen = new Set<string>();
  for (const row of rows) {
    const at = (field: string) => `special_hours_${field}.${row.key}`;
    if (!isCalendarDate(row.date)) {
      ctx.addIssue({ code: 'custom', path: [at('date')], message: 'validation.date' });
    } else if (row.date > latest) {
      ctx.addIssue({ code: 'custom', path: [at('date')], message: 'validation.special_date_window' });
    } else if (seen.has(row.date)) {
      ctx.addIssue({ code: 'custom', path: [at('date')], message: 'validation.special_date_twice' });
    } else {
      seen.add(row.date);
    }
    checkDay(row, at, ctx);
  }
}

/** The special days to store, in date order; null when the form did not send the list. */
function readSpecialHours(input: SpecialInput): SpecialDayHours[] | null {
  if (!flag.parse(input.special_hours_sent) && input.special_hours_date === undefined) return null;
  return specialRows(input)
    .map((row) => ({ date: String(row.date), ...storedHours(row) }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

// Cross-field checks run even when another field already failed, so a long form shows every
// problem at once instead of in rounds.
export const always = alsoOnFieldErrors;

/** Spec §5: coordinates are valid only if both are greater than 0. */
function coordinates(lat: number | undefined, lng: number | undefined, ctx: z.RefinementCtx) {
  if (lat === undefined && lng === undefined) return { lat: null, lng: null };
  if (lat === undefined || lng === undefined || !(lat > 0) || !(lng > 0) || lat > 90 || lng > 180) {
    ctx.addIssue({ code: 'custom', path: ['lat'], message: 'validation.coordinates' });
    return { lat: null, lng: null };
  }
  return { lat, lng };
}

export const postcodeField = z
  .string()
  .trim()
  .regex(/^\d{2}-\d{3}$/, 'validation.postcode');
export const phoneField = z
  .string()
  .trim()
  .regex(new RegExp(`^\\+?[\\d\\s()-]{6,${textMax.phone}}$`), 'validation.phone');
const optionalPhone = z.preprocess((v) => (v === '' ? undefined : v), phoneField.optional());

// Issue 31: the place's texts. The spec's names hold the Polish ones, the `_en` ones the English; a name and a
// description are required in one language at least, the lists are each language's own.
const placeTextShape = {
  name: optionalText(textMax.name),
  description: optionalText(textMax.description),
  attractions: textList(50),
  additional_infos: textList(50),
  name_en: optionalText(textMax.name),
  description_en: optionalText(textMax.description),
  attractions_en: textList(50),
  additional_infos_en: textList(50),
};
type PlaceTextInput = z.infer<z.ZodObject<typeof placeTextShape>>;

function checkTexts(input: Partial<Record<keyof PlaceTextInput, unknown>>, ctx: z.RefinementCtx) {
  const written = (v: unknown) => typeof v === 'string' && v.trim() !== '';
  for (const field of ['name', 'description'] as const) {
    if (!written(input[field]) && !written(input[`${field}_en`])) {
      // One language is enough (the form's tabs say so); the API keeps the plain "required" of a missing text.
      ctx.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
    }
  }
}

/** One entry of a place's attractions or additional infos, in the language of its list. */
export interface PlaceListEntry {
  lang: Locale;
  name: string;
}

/**
 * The texts as the place row keeps them: the own language (Polish when its name is written) under the spec's
 * names, the other in `translations`; the lists' entries each with their language.
 */
function placeTexts(t: PlaceTextInput) {
  const { lang, own, translations } = toStoredTexts<'name' | 'description'>(
    {
      pl: { name: t.name, description: t.description },
      en: { name: t.name_en, description: t.description_en },
    },
    'name',
  );
  const entries = (pl: string[], en: string[]): PlaceListEntry[] => [
    ...pl.map((name) => ({ lang: 'pl' as const, name })),
    ...en.map((name) => ({ lang: 'en' as const, name })),
  ];
  return {
    lang,
    translations,
    // The refinement makes sure one language has a name.
    name: own.name ?? '',
    description: own.description ?? null,
    attractions: entries(t.attractions, t.attractions_en),
    additional_infos: entries(t.additional_infos, t.additional_infos_en),
  };
}

const placeProfileShape = {
  ...placeTextShape,
  city: requiredText(textMax.city),
  street: requiredText(textMax.street),
  postcode: postcodeField,
  phone: phoneField,
  phone2: optionalPhone,
  phone3: optionalPhone,
  email_contact: optionalEmail,
  url: optionalUrl,
  facebook: optionalUrl,
  instagram: optionalUrl,
  linked_in: optionalUrl,
  virtual_walk: optionalUrl,
  lat: optionalNumber,
  lng: optionalNumber,
  categories: idList('validation.select_option'),
  languages: idList(),
  attribute_ids: attributeIdsField,
  youtube: z.preprocess((v) => asArray(v).filter((x) => x !== ''), z.array(youtubeField).max(100)),
  preloaded: idList(),
  ...hourFields,
  ...specialFields,
};

export const placeProfileFields = z.object(placeProfileShape);

/** The form's own fields, read into the texts, coordinates and hours below and then left out. */
const formOnlyFields = [
  ...(Object.keys(placeTextShape) as (keyof typeof placeTextShape)[]),
  ...(Object.keys(hourFields) as (keyof typeof hourFields)[]),
  ...(Object.keys(specialFields) as (keyof typeof specialFields)[]),
  'lat',
  'lng',
] as const;

function finishProfile<T extends z.infer<typeof placeProfileFields>>(input: T, ctx: z.RefinementCtx) {
  const profile: Record<string, unknown> = { ...input };
  for (const field of formOnlyFields) delete profile[field];
  return {
    ...(profile as Omit<T, (typeof formOnlyFields)[number]>),
    ...placeTexts(input),
    ...coordinates(input.lat, input.lng, ctx),
    hours: readHours(input),
    specialHours: readSpecialHours(input),
  };
}

/** The place part of the organiser form (registration and company edit, spec §5). */
export const placeProfileBodySchema = placeProfileFields
  .superRefine((input, ctx) => {
    checkTexts(input, ctx);
    checkHours(input, ctx);
    checkSpecialHours(input, ctx);
  }, always)
  .transform(finishProfile);
export type PlaceProfileInput = z.output<typeof placeProfileBodySchema>;

// A place being registered has no special days yet (issue 30): they are added in the place form.
const noSpecialFields = Object.fromEntries(Object.keys(specialFields).map((k) => [k, true])) as {
  [K in keyof typeof specialFields]: true;
};

export const companyRegistrationBodySchema = placeProfileFields
  .omit(noSpecialFields)
  .extend({
    company_name: requiredText(textMax.name),
    email: emailField,
    password: passwordField,
    password_confirmation: z.string(),
    // The optional home-page ad box (spec §2): its name, when the organiser wants one.
    home_ad_name: optionalText(homeAdNameMax),
  })
  .superRefine((input, ctx) => {
    checkTexts(input, ctx);
    checkHours(input, ctx);
    checkPasswordPair(input, ctx);
  }, always)
  .transform(finishProfile);
export type CompanyRegistrationInput = z.output<typeof companyRegistrationBodySchema>;
