import * as pg from 'drizzle-orm/pg-core';

/**
 * A point on the earth as the earthdistance extension's cube. Stored (generated from lat/lng) so a
 * distance search reads it instead of running ll_to_earth() and the `earth` domain's checks on
 * every candidate row, which cost about 3 µs a row.
 */
export const earthPoint = pg.customType<{ data: string; driverData: string }>({
  dataType: () => 'cube',
});

/**
 * Minutes of the week (0 = Monday 00:00, 10,080 = the next Monday) as a multirange. `places.open_week` keeps
 * the weekly opening hours in this form (a trigger on place_hours writes it), so "open now" on a place
 * without a special day near the date is one `@>` on the row instead of probes into place_hours.
 */
export const minutesOfWeek = pg.customType<{ data: string; driverData: string }>({
  dataType: () => 'int4multirange',
});

/** A text's words as PostgreSQL's `tsvector` (issue 32: the event search's words, GIN-indexed). */
export const searchWords = pg.customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});
