import { z } from 'zod';
import { textMax } from '@/lib/form-limits';
import { warsawToDate } from '@/lib/warsaw-time';
import { flag, formNumber, optionalText, requiredText } from './fields';

// Issue 33: the forms and bodies of registration. One schema each, for the pages and the API.

/** The most places one registration may take, whatever an organiser sets (the column's check). */
export const maxPlacesPerPerson = 20;
export const maxCapacity = 100_000;

const localMoment = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * A moment: an ISO date-time with its offset (the API), or a `datetime-local` value read as Warsaw time (the
 * page's form). Blank is none.
 */
const moment = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string') return v;
  const local = localMoment.exec(v.trim());
  if (local) return warsawToDate(local[1] as string, `${local[2]}:${local[3]}`) ?? v;
  return z.iso.datetime({ offset: true }).safeParse(v.trim()).success ? new Date(v.trim()) : v;
}, z.date({ error: 'validation.datetime' }).nullable());

/** The organiser's terms: places per date, per person, whether each request is approved, and when it closes. */
export const registrationTermsSchema = z.object({
  capacity: formNumber(
    z.number({ error: 'validation.number' }).int('validation.whole').min(1).max(maxCapacity),
  ),
  per_person: formNumber(
    z
      .number({ error: 'validation.number' })
      .int('validation.whole')
      .min(1)
      .max(maxPlacesPerPerson)
      .default(4),
  ),
  approval: flag,
  closes_at: moment.optional().default(null),
  /** For a series: the one date (its original start) that takes registrations; none for every date. */
  only_date: moment.optional().default(null),
});
export type RegistrationTermsInput = z.infer<typeof registrationTermsSchema>;

/** An attendee's registration: how many places, and for a series which date (its original start). */
export const registerBodySchema = z.object({
  places: formNumber(
    z.number({ error: 'validation.number' }).int('validation.whole').min(1).max(maxPlacesPerPerson),
  ),
  date: moment.optional().default(null),
});
export type RegisterInput = z.infer<typeof registerBodySchema>;

/** A ticket's code at the door, scanned or typed; for a series, the date being checked in. */
export const checkInBodySchema = z.object({
  code: requiredText(80),
  date: moment.optional().default(null),
});

/** The organiser's reason for declining, shown to the attendee. */
export const declineBodySchema = z.object({ note: optionalText(textMax.reason) });

/** A message from the organiser to everyone registered, through the messages. */
export const registrantsMessageSchema = z.object({
  message: requiredText(textMax.message),
  /** Who gets it: the confirmed places only, or also those waiting and those waiting for approval. */
  to: z.enum(['confirmed', 'all']).default('confirmed'),
});
