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
