// Values both the zod schemas and the forms in the browser use. A form imports them from here, not from
// the schema modules, so its page loads without zod (the schema itself comes later: SchemaLoader).

/** ISO days of the week, Monday first (opening hours). */
export const weekDays = [1, 2, 3, 4, 5, 6, 7] as const;

/** The longest name a home-page ad may show. */
export const homeAdNameMax = 60;

/** How long a rejection's reason may be. */
export const maxRejectReason = 500;
