/**
 * Issue 33: where one attendee's registration for one date stands.
 * - `pending`: waits for the organiser's approval (holds no places: the organiser chooses among requests);
 * - `confirmed`: holds its places and has a valid ticket;
 * - `waiting`: on the waiting list, in the order of `id`;
 * - `offered`: a freed place went to it from the waiting list; it holds its places until `offered_until`;
 * - `cancelled` (by the attendee), `declined` (by the organiser), `expired` (an offer not taken in time).
 */
export const registrationStatuses = [
  'pending',
  'confirmed',
  'waiting',
  'offered',
  'cancelled',
  'declined',
  'expired',
] as const;
