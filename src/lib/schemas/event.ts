import { z } from 'zod';
import { toStoredTexts } from '@/lib/content-language';
import { eventDayWindow, textMax } from '@/lib/form-limits';
import { maxEventMovies, maxPrice } from '@/lib/spec-limits';
import { warsawToDate } from '@/lib/warsaw-time';
import { isoWeekday, weekdayCodes } from '@/lib/weekdays';
import {
  alsoOnFieldErrors,
  asArray,
  attributeIdsField,
  formId,
  formNumber,
  idList,
  optionalId,
  optionalText,
  optionalUrl,
  youtubeField,
} from './fields';

const money = formNumber(z.number().min(0).max(maxPrice));

const whole = formNumber(z.number().int().min(0).max(1_000_000));

const dateField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');
const hourField = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.time_hour');

const list = (value: unknown) => asArray(value).filter((x) => x !== '');
const blank = (value: unknown) => (value === '' ? undefined : value);

// Issue 17: the repeat rule and its exceptions. The rule's dates are worked out on the server
// (server/events/series.ts); here only what the fields themselves say is checked.
const repeatFields = {
  repeat: z.preprocess(blank, z.enum(['daily', 'weekly', 'monthly', 'custom']).optional()),
  repeat_interval: z.preprocess(blank, formNumber(z.number().int().min(1).max(12)).default(1)),
  repeat_days: z.preprocess(list, z.array(z.enum(weekdayCodes)).max(7)),
  repeat_monthly: z.preprocess(blank, z.enum(['date', 'weekday']).default('date')),
  repeat_end: z.preprocess(blank, z.enum(['until', 'count']).default('until')),
  repeat_until: z.preprocess(blank, dateField.optional()),
  repeat_count: z.preprocess(blank, formNumber(z.number().int().min(2).max(500)).optional()),
  /** A rule the form cannot show (from a calendar import), sent back as it was. */
  repeat_rule: z.preprocess(blank, z.string().max(500).optional()),
  /** Dates of the series that do not take place (YYYY-MM-DD). */
  cancel_dates: z.preprocess(list, z.array(dateField).max(500)),
  /** Dates of the series held at another time: the date moved, and its new date and hour. */
  move_from: z.preprocess(asArray, z.array(z.string()).max(100)),
  move_date: z.preprocess(asArray, z.array(z.string()).max(100)),
  move_time: z.preprocess(asArray, z.array(z.string()).max(100)),
  /** A moved date's own title (an imported override's SUMMARY); the form sends none. */
  move_name: z.preprocess(asArray, z.array(z.string().max(200)).max(100)),
};

const eventFields = {
  ...repeatFields,
  category_id: formId,
  place_id: optionalId,
  // Issue 31: the Polish texts keep the spec's names; the English ones end in `_en`. One name is required.
  name: optionalText(textMax.name),
  place_name: optionalText(textMax.name),
  description: optionalText(textMax.description),
  name_en: optionalText(textMax.name),
  place_name_en: optionalText(textMax.name),
  description_en: optionalText(textMax.description),
  price_min: money,
  price_max: money,
  city: optionalText(textMax.city),
  street: optionalText(textMax.street),
  postcode: optionalText(textMax.eventPostcode),
  spots_left: whole,
  buy_ticket_url: optionalUrl,
  virtual_walk: optionalUrl,
  youtube: z.preprocess((v) => asArray(v).filter((x) => x !== ''), z.array(youtubeField).max(maxEventMovies)),
  preloaded: idList(),
  attribute_ids: attributeIdsField,
  /** The default photo: an existing image id ("id:12") or a new upload by position ("new:0"). */
  default_image: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^(id|new):\d+$/)
      .optional(),
  ),
  start_date: dateField,
  start_date_h: hourField,
  end_date: dateField,
  end_date_h: hourField,
};

// Cross-field rules run even when another field failed, so the form shows every problem at once.
const always = alsoOnFieldErrors;

function checkEvent(input: Record<string, unknown>, ctx: z.RefinementCtx) {
  const written = (v: unknown) => typeof v === 'string' && v.trim() !== '';
  if (!written(input.name) && !written(input.name_en)) {
    // One language is enough (the form's tabs say so); the API keeps the plain "required" of a missing name.
    ctx.addIssue({ code: 'custom', path: ['name'], message: 'validation.required' });
  }
  const min = Number(String(input.price_min ?? '').replace(',', '.'));
  const max = Number(String(input.price_max ?? '').replace(',', '.'));
  if (
    Number.isFinite(min) &&
    Number.isFinite(max) &&
    input.price_min !== '' &&
    input.price_max !== '' &&
    min > max
  ) {
    ctx.addIssue({ code: 'custom', path: ['price_max'], message: 'validation.price_order' });
  }
  const start = warsawToDate(String(input.start_date ?? ''), String(input.start_date_h ?? ''));
  const end = warsawToDate(String(input.end_date ?? ''), String(input.end_date_h ?? ''));
  // A well-formed but impossible day (2027-02-30) passes the format check; the calendar refuses it.
  for (const [field, hour, at] of [
    ['start_date', 'start_date_h', start],
    ['end_date', 'end_date_h', end],
  ] as const) {
    const day = String(input[field] ?? '');
    if (
      !at &&
      /^\d{4}-\d{2}-\d{2}$/.test(day) &&
      /^([01]\d|2[0-3]):[0-5]\d$/.test(String(input[hour] ?? ''))
    ) {
      ctx.addIssue({ code: 'custom', path: [field], message: 'validation.date' });
    }
  }
  // Compared as YYYY-MM-DD strings, which sort as the days do.
  const allowed = eventDayWindow();
  const outside = (day: unknown) =>
    dayPattern.test(String(day ?? '')) && (String(day) < allowed.min || String(day) > allowed.max);
  for (const field of ['start_date', 'end_date'] as const) {
    if (outside(input[field]))
      ctx.addIssue({ code: 'custom', path: [field], message: 'validation.date_window' });
  }
  asArray(input.move_date).forEach((day, i) => {
    if (outside(day))
      ctx.addIssue({ code: 'custom', path: ['move_date', i], message: 'validation.date_window' });
  });
  if (start && end && end.getTime() <= start.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'validation.end_after_start' });
  }
  checkRepeat(input, ctx, start);
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

function checkRepeat(input: Record<string, unknown>, ctx: z.RefinementCtx, start: Date | null) {
  const repeat = input.repeat;
  if (!repeat || repeat === '') return;
  const startDay = String(input.start_date ?? '');
  if (repeat === 'custom') {
    if (!input.repeat_rule)
      ctx.addIssue({ code: 'custom', path: ['repeat'], message: 'validation.repeat_rule' });
    return;
  }
  if (repeat === 'weekly' && start && dayPattern.test(startDay)) {
    const days = asArray(input.repeat_days).filter((d) => d !== '');
    // getUTCDay counts Sunday as 0.
    const startCode = weekdayCodes[isoWeekday(startDay) - 1];
    if (days.length && !days.includes(startCode))
      ctx.addIssue({ code: 'custom', path: ['repeat_days'], message: 'validation.repeat_days_start' });
  }
  const from = asArray(input.move_from);
  const date = asArray(input.move_date);
  const time = asArray(input.move_time);
  from.forEach((day, i) => {
    if (day === '' && !date[i] && !time[i]) return;
    if (!dayPattern.test(String(day)))
      ctx.addIssue({ code: 'custom', path: ['move_from', i], message: 'validation.date' });
    if (!dayPattern.test(String(date[i] ?? '')))
      ctx.addIssue({ code: 'custom', path: ['move_date', i], message: 'validation.date' });
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(String(time[i] ?? '')))
      ctx.addIssue({ code: 'custom', path: ['move_time', i], message: 'validation.time_hour' });
  });
  const end = input.repeat_end === 'count' ? 'count' : 'until';
  if (end === 'count') {
    if (input.repeat_count === undefined || input.repeat_count === '')
      ctx.addIssue({ code: 'custom', path: ['repeat_count'], message: 'validation.required' });
    return;
  }
  const until = String(input.repeat_until ?? '');
  if (until === '') {
    ctx.addIssue({ code: 'custom', path: ['repeat_until'], message: 'validation.required' });
  } else if (dayPattern.test(until) && dayPattern.test(startDay)) {
    const span = dayNumber(until) - dayNumber(startDay);
    if (span <= 0)
      ctx.addIssue({ code: 'custom', path: ['repeat_until'], message: 'validation.repeat_until_order' });
    else if (span > 2 * 366)
      ctx.addIssue({ code: 'custom', path: ['repeat_until'], message: 'validation.repeat_too_long' });
  }
}

/** The repeat rule as the form gave it, or null for a single event. */
export type RepeatInput =
  | null
  | { custom: string }
  | {
      freq: 'daily' | 'weekly' | 'monthly';
      interval: number;
      days: (typeof weekdayCodes)[number][];
      monthly: 'date' | 'weekday';
      until: string | null;
      count: number | null;
    };

function repeatOf(input: z.infer<z.ZodObject<typeof repeatFields>>): RepeatInput {
  if (!input.repeat) return null;
  if (input.repeat === 'custom') return { custom: input.repeat_rule ?? '' };
  const byCount = input.repeat_end === 'count';
  return {
    freq: input.repeat,
    interval: input.repeat_interval,
    days: input.repeat_days,
    monthly: input.repeat_monthly,
    until: byCount ? null : (input.repeat_until ?? null),
    count: byCount ? (input.repeat_count ?? null) : null,
  };
}

/**
 * Issue 31: the texts in the row's own language (Polish when its name is written) under the spec's names,
 * and the other language's in `translations`.
 */
function ownAndOtherTexts(
  t: Record<`${'name' | 'place_name' | 'description'}${'' | '_en'}`, string | undefined>,
) {
  const { lang, own, translations } = toStoredTexts<'name' | 'place_name' | 'description'>(
    {
      pl: { name: t.name, place_name: t.place_name, description: t.description },
      en: { name: t.name_en, place_name: t.place_name_en, description: t.description_en },
    },
    'name',
  );
  return {
    lang,
    translations,
    // The refinement makes sure one language has a name.
    name: own.name ?? '',
    place_name: own.place_name ?? undefined,
    description: own.description ?? undefined,
  };
}

function finish<T extends z.infer<z.ZodObject<typeof eventFields>>>(input: T) {
  const {
    start_date,
    start_date_h,
    end_date,
    end_date_h,
    repeat,
    repeat_interval,
    repeat_days,
    repeat_monthly,
    repeat_end,
    repeat_until,
    repeat_count,
    repeat_rule,
    cancel_dates,
    move_from,
    move_date,
    move_time,
    move_name,
    name,
    place_name,
    description,
    name_en,
    place_name_en,
    description_en,
    ...rest
  } = input;
  return {
    ...rest,
    ...ownAndOtherTexts({ name, place_name, description, name_en, place_name_en, description_en }),
    repeat: repeatOf(input),
    // Rows of the "move a date" list left blank are dropped; half-filled ones are the server's to refuse.
    exceptions: {
      cancel: [...new Set(cancel_dates)],
      moves: move_from.flatMap((from, i) =>
        from === '' && !move_date[i] && !move_time[i]
          ? []
          : [
              {
                from,
                date: move_date[i] ?? '',
                time: move_time[i] ?? '',
                name: move_name[i]?.trim() || null,
                index: i,
              },
            ],
      ),
    },
    startDate: warsawToDate(start_date, start_date_h) as Date,
    endDate: warsawToDate(end_date, end_date_h) as Date,
    // Prices travel in złoty and are kept in grosze.
    priceMinGrosze: Math.round(input.price_min * 100),
    priceMaxGrosze: Math.round(input.price_max * 100),
  };
}

/** Spec §5 event form, create: the place is required. */
export const createEventBodySchema = z
  .object(eventFields)
  .superRefine((input, ctx) => {
    checkEvent(input, ctx);
    if (input.place_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['place_id'], message: 'validation.required' });
  }, always)
  .transform(finish);

/** Spec §5 event form, edit (POST /api/event/{id} with _method=PUT): the place may stay as it is. */
export const updateEventBodySchema = z.object(eventFields).superRefine(checkEvent, always).transform(finish);

export type EventInput = z.output<typeof updateEventBodySchema>;
