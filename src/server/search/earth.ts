import 'server-only';
import { type SQL, sql } from 'drizzle-orm';

// Distances on the stored `earth` cube columns. Matches are compared and sorted by the straight-line
// (chord) distance through the earth, which grows with the distance along its surface: no
// trigonometry and no earth domain checks per row. Only the rows shown convert back to kilometres.

/** earthdistance's earth radius in metres (its earth() function). */
const EARTH_RADIUS = 6378168;

/** The earth point of a latitude and longitude given by the request. */
export const earthPoint = (lat: number, lng: number) => sql`ll_to_earth(${lat}, ${lng})::cube`;

/**
 * The chord between a given point and a stored `earth` column, in metres. Written as the cube `<->`
 * operator with the column first, so `order by` it can walk the GiST index nearest-first (KNN)
 * instead of sorting every row.
 */
export const chordBetween = (point: SQL, column: unknown) => sql`(${column} <-> ${point})`;

/** The chord of a distance along the surface (metres). */
export const chordOf = (metres: SQL) =>
  sql`(2 * ${EARTH_RADIUS}::float8 * sin(least(${metres} / (2 * ${EARTH_RADIUS}::float8), pi() / 2)))`;

/**
 * The distance along the surface (metres) of a chord; null without one (a search with no point). Not
 * `least(…, 1)`: LEAST skips nulls, which made "no distance" half the earth's circumference.
 */
export const arcOf = (chord: SQL) =>
  sql`(2 * ${EARTH_RADIUS}::float8 * asin(case when ${chord} > 2 * ${EARTH_RADIUS}::float8 then 1 else ${chord} / (2 * ${EARTH_RADIUS}::float8) end))`;
