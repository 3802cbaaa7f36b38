// Issue 28: what the portal counts per event and per place, per Warsaw day. Shared by the server (the
// counter, the reports) and the client (the beacons), so it holds no server code.

export const statSubjects = ['event', 'place'] as const;
export type StatSubject = (typeof statSubjects)[number];

const visits = ['view', 'visitor'] as const;
const interest = [
  'favourite_add',
  'favourite_remove',
  'calendar_add',
  'calendar_remove',
  'ics_download',
  'feed_subscribe',
] as const;
const contactClicks = ['ticket_click', 'phone_click', 'email_click', 'website_click'] as const;
const contact = [...contactClicks, 'message', 'share'] as const;
const promotion = [
  'carousel_impression',
  'carousel_click',
  'list_impression',
  'list_click',
  'ad_impression',
  'ad_click',
] as const;

/**
 * Every measure. `view` is each page view, `visitor` each visitor once a day (it also moves the
 * popularity `visit_count`); the `_impression`/`_click` pairs are the paid placements: the promoted
 * carousel and promoted list positions (events) and the home-page ad (places).
 */
export const statMeasures = [...visits, ...interest, ...contact, ...promotion] as const;

/** How /account/stats groups the measures, each group under its own heading. */
export const statGroups = [
  { id: 'visits', measures: visits },
  { id: 'interest', measures: interest },
  { id: 'contact', measures: contact },
  { id: 'promotion', measures: promotion },
] as const;

export type StatMeasure = (typeof statMeasures)[number];

/**
 * What a browser may report through `POST /api/stats/hits` (the rest is counted by the server where it
 * happens). Each is counted once per visitor, subject and Warsaw day, so a script repeating a beacon
 * adds nothing after the first.
 */
export const beaconMeasures = [
  ...contactClicks,
  'share',
  ...promotion,
] as const satisfies readonly StatMeasure[];
export type BeaconMeasure = (typeof beaconMeasures)[number];

/** The most hits one beacon request carries (a page of 12 list results and its carousel fit). */
export const beaconMaxHits = 24;

/** The periods of `/account/stats`, in days. */
export const statPeriods = [7, 30, 90] as const;
export type StatPeriod = (typeof statPeriods)[number];

/** Impressions and clicks of each paid placement, for the promotion report. */
export const placementMeasures = {
  carousel: ['carousel_impression', 'carousel_click'],
  list: ['list_impression', 'list_click'],
  ad: ['ad_impression', 'ad_click'],
} as const satisfies Record<string, readonly [StatMeasure, StatMeasure]>;
