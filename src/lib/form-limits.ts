// Values both the zod schemas and the forms in the browser use. A form imports them from here, not from
// the schema modules, so its page loads without zod (the schema itself comes later: SchemaLoader).

/** ISO days of the week, Monday first (opening hours). */
export const weekDays = [1, 2, 3, 4, 5, 6, 7] as const;

/** The longest name a home-page ad may show. */
export const homeAdNameMax = 60;

/** How long a rejection's reason may be. */
export const maxRejectReason = 500;

/**
 * Events take place from 1970 to this many years ahead (issue 26): a date outside is a typing mistake or
 * an attack on the expansion of repeating events, which walks every day from the start.
 */
export const firstEventYear = 1970;
export const eventYearsAhead = 5;

/**
 * The first and last day (YYYY-MM-DD) an event may take place on, seen on `now`: whole years, so the
 * form's date fields (min and max) and the server agree whenever the page was drawn.
 */
export function eventDayWindow(now: Date = new Date()): { min: string; max: string } {
  return { min: `${firstEventYear}-01-01`, max: `${now.getUTCFullYear() + eventYearsAhead}-12-31` };
}

/** How long an admin's reason for a refund may be (issue 27). */
export const refundReasonMax = 500;

/** The longest search on the admin's orders page. */
export const adminOrderSearchMax = 200;

/**
 * The longest text each kind of field takes, in characters: the zod schemas refuse longer, and a form's
 * `maxLength` stops typing at the same number. A component reads its number here, never types one (lint).
 */
export const textMax = {
  /** A name or title: an event's, a place's, a company's, the place named on an event. */
  name: 200,
  description: 20_000,
  /** A city, a person's first or last name, where to search. */
  city: 100,
  street: 200,
  /** A Polish postcode, NN-NNN. */
  postcode: 6,
  /** An event's address may be abroad. */
  eventPostcode: 12,
  phone: 20,
  email: 254,
  url: 500,
  /** A message, a comment, an answer, an organiser's word to the registrants. */
  message: 2000,
  report: 1000,
  /** Why an admin blocks a user, why an organiser declines a registration. */
  reason: 500,
  search: 200,
} as const;

/** Times are picked in five-minute steps (the `step` of every time field, in seconds). */
export const timeStepSeconds = 300;
