import { z } from 'zod';
import { maxEventMovies, maxPrice } from '@/lib/spec-limits';
import { warsawToDate } from '@/lib/warsaw-time';
import {
  alsoOnFieldErrors,
  asArray,
  formId,
  formNumber,
  idList,
  optionalId,
  optionalText,
  optionalUrl,
  requiredText,
  youtubeField,
} from './fields';

const money = formNumber(z.number().min(0).max(maxPrice));

const whole = formNumber(z.number().int().min(0).max(1_000_000));

const dateField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');
const hourField = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.time_hour');

const eventFields = {
  category_id: formId,
  place_id: optionalId,
  name: requiredText(200),
  place_name: optionalText(200),
  description: optionalText(20_000),
  price_min: money,
  price_max: money,
  city: optionalText(100),
  street: optionalText(200),
  postcode: optionalText(12),
  spots_left: whole,
  buy_ticket_url: optionalUrl,
  virtual_walk: optionalUrl,
  youtube: z.preprocess((v) => asArray(v).filter((x) => x !== ''), z.array(youtubeField).max(maxEventMovies)),
  preloaded: idList(),
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
  if (start && end && end.getTime() <= start.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'validation.end_after_start' });
  }
}

function finish<T extends z.infer<z.ZodObject<typeof eventFields>>>(input: T) {
  const { start_date, start_date_h, end_date, end_date_h, ...rest } = input;
  return {
    ...rest,
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
