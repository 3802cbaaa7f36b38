import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { registrationStatuses } from '@/lib/registration-statuses';
import { createdAt, ownedBy, updatedAt } from './columns';
import { events } from './events';
import { users } from './users';

export const registrationStatus = pg.pgEnum('registration_status', registrationStatuses);

/** Issue 33: an event that takes registrations, and on what terms. One row per event. */
export const eventRegistration = pg.pgTable(
  'event_registration',
  {
    eventId: pg
      .integer('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    // Places per date: a series gives each of its dates this many.
    capacity: pg.integer('capacity').notNull(),
    perPerson: pg.integer('per_person').notNull().default(4),
    approval: pg.boolean('approval').notNull().default(false),
    // No new registrations from then on (each date also closes at its start).
    closesAt: pg.timestamp('closes_at', { withTimezone: true }),
    // A series taking registrations for one of its dates only: that date's original start (RECURRENCE-ID).
    onlyDate: pg.timestamp('only_date', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    pg.check('event_registration_capacity_check', sql`${t.capacity} between 1 and 100000`),
    pg.check('event_registration_per_person_check', sql`${t.perPerson} between 1 and 20`),
  ],
);

/**
 * Issue 33: one date's count of held places (confirmed and offered), the row every registration for the date
 * locks, so concurrent registrations for the last place queue on it and none overbooks. `original_start` is
 * null for an event that is not a series (its date may move without its registrations losing their date).
 */
export const registrationDates = pg.pgTable(
  'registration_dates',
  {
    id: pg.serial('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    originalStart: pg.timestamp('original_start', { withTimezone: true }),
    held: pg.integer('held').notNull().default(0),
  },
  (t) => [
    // Migration 0026 makes it NULLS NOT DISTINCT, so an event that is not a series has one row.
    pg.uniqueIndex('registration_dates_event_date_uq').on(t.eventId, t.originalStart),
    pg.check('registration_dates_held_check', sql`${t.held} >= 0`),
  ],
);

/** Issue 33: one attendee's registration for one date, and its ticket. */
export const registrations = pg.pgTable(
  'registrations',
  {
    id: pg.serial('id').primaryKey(),
    dateId: ownedBy('date_id', () => registrationDates.id),
    eventId: ownedBy('event_id', () => events.id),
    userId: ownedBy('user_id', () => users.id),
    places: pg.integer('places').notNull(),
    status: registrationStatus('status').notNull(),
    // The ticket's secret part (letters only, so a typed code reads unambiguously); the code a ticket shows
    // is the id, this and a signature of both (`server/registrations/ticket-code.ts`).
    secret: pg.varchar('secret', { length: 32 }).notNull(),
    offeredUntil: pg.timestamp('offered_until', { withTimezone: true }),
    checkedInAt: pg.timestamp('checked_in_at', { withTimezone: true }),
    createdAt: createdAt(),
    // When the status last changed.
    updatedAt: updatedAt(),
    // The organiser's reason for a decline, shown to the attendee.
    note: pg.text('note'),
  },
  (t) => [
    // One live registration per attendee and date; a cancelled one may be followed by a new one.
    pg
      .uniqueIndex('registrations_live_uq')
      .on(t.dateId, t.userId)
      .where(sql`${t.status} in ('pending', 'confirmed', 'waiting', 'offered')`),
    pg.index('registrations_date_status_idx').on(t.dateId, t.status, t.id),
    pg.index('registrations_event_idx').on(t.eventId, t.createdAt),
    pg.index('registrations_user_idx').on(t.userId, t.createdAt),
    pg.index('registrations_offered_idx').on(t.offeredUntil).where(sql`${t.status} = 'offered'`),
    pg.check('registrations_places_check', sql`${t.places} between 1 and 20`),
  ],
);

export type EventRegistration = typeof eventRegistration.$inferSelect;
export type Registration = typeof registrations.$inferSelect;
export type RegistrationStatus = (typeof registrationStatus.enumValues)[number];
