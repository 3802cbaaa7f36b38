import { z } from 'zod';
import { registrationStatuses } from '@/lib/registration-statuses';
import { idSchema, isoDateTimeSchema } from './common-responses';

// Issue 33: what the registration calls answer.

export const registrationStatusSchema = z.enum(registrationStatuses);

export const registrationTermsResponseSchema = z.object({
  event_id: idSchema,
  capacity: z.int(),
  per_person: z.int(),
  approval: z.boolean(),
  closes_at: isoDateTimeSchema.nullable(),
  only_date: isoDateTimeSchema.nullable(),
});

export const registrationStateSchema = z.object({
  open: z.boolean(),
  state: z
    .enum(['register', 'waiting_list', 'full', 'closed'])
    .describe(
      '`register`: places are free (or each request is approved); `waiting_list`: full, new registrations wait; ' +
        '`full`: full and closed; `closed`: no longer taken',
    ),
  approval: z.boolean(),
  per_person: z.int(),
  capacity: z.int(),
  spots_left: z.int(),
  waiting: z.int(),
  closes_at: isoDateTimeSchema.nullable(),
  date: isoDateTimeSchema.nullable().describe("a series' date (its original start) the state is for"),
  mine: z
    .object({
      id: idSchema,
      status: registrationStatusSchema,
      places: z.int(),
      offered_until: isoDateTimeSchema.nullable(),
      position: z.int().nullable().describe('place in the waiting list, from 1'),
    })
    .nullable(),
});

/** The state as the event page hands it to the browser: dates as ISO strings. */
export type RegistrationPanelState = z.infer<typeof registrationStateSchema>;

export const ticketSchema = z.object({
  id: idSchema,
  event: z.object({
    id: idSchema,
    name: z.string(),
    place_name: z.string().nullable(),
    city: z.string(),
  }),
  starts_at: isoDateTimeSchema,
  ends_at: isoDateTimeSchema,
  places: z.int(),
  status: registrationStatusSchema,
  code: z.string().nullable().describe('the code the QR code carries; only a confirmed registration has one'),
  offered_until: isoDateTimeSchema.nullable(),
  checked_in_at: isoDateTimeSchema.nullable(),
  note: z.string().nullable(),
  created_at: isoDateTimeSchema,
});

export const registrantSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  places: z.int(),
  status: registrationStatusSchema,
  date: isoDateTimeSchema.nullable(),
  created_at: isoDateTimeSchema,
  checked_in_at: isoDateTimeSchema.nullable(),
  offered_until: isoDateTimeSchema.nullable(),
});

/** What the door is told of a ticket. */
export const checkInOutcomeSchema = z.enum([
  'valid',
  'already_used',
  'wrong_event',
  'wrong_date',
  'cancelled',
  'not_confirmed',
  'invalid',
]);
export type CheckInOutcome = z.infer<typeof checkInOutcomeSchema>;

export const checkInResultSchema = z.object({
  result: checkInOutcomeSchema,
  name: z.string().nullable(),
  places: z.int().nullable(),
  checked_in_at: isoDateTimeSchema.nullable(),
  message: z.string(),
});
