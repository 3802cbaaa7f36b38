import { warsawDate } from './date-shortcuts';

// The days of the week, written once: their codes, and which day a date or an instant falls on in Warsaw.

/** RFC 5545's weekday codes in ISO 8601's order, Monday first: a repeat rule's BYDAY, the form's days. */
export const weekdayCodes = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayCode = (typeof weekdayCodes)[number];

/** The ISO weekday (1 = Monday … 7 = Sunday) of a YYYY-MM-DD date. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The ISO weekday of an instant in Warsaw, whatever the server's or the browser's zone. */
export const warsawWeekday = (instant: Date = new Date()): number => isoWeekday(warsawDate(instant));

/** The weekday code of an instant in Warsaw. */
export const warsawWeekdayCode = (instant: Date): WeekdayCode =>
  weekdayCodes[warsawWeekday(instant) - 1] as WeekdayCode;
