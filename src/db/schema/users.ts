import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { premiumSettings } from './plans';

export const userRole = pgEnum('user_role', ['user', 'company', 'admin']);
export const locale = pgEnum('locale', ['pl', 'en']);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash'),
    role: userRole('role').notNull().default('user'),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    companyName: varchar('company_name', { length: 200 }),
    city: varchar('city', { length: 100 }),
    imageUrl: text('image_url'),
    locale: locale('locale').notNull().default('pl'),
    googleId: varchar('google_id', { length: 255 }),
    facebookId: varchar('facebook_id', { length: 255 }),
    premiumSettingId: integer('premium_setting_id').references(() => premiumSettings.id, {
      onDelete: 'set null',
    }),
    premiumUntil: timestamp('premium_until', { withTimezone: true }),
    // Quota of event creations ("left creations"); a CHECK keeps parallel creates from going below zero.
    eventsLeft: integer('events_left').notNull().default(0),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // Mail about what happened while away (new messages, reminders); one click in any such mail turns it off.
    mailUpdates: boolean('mail_updates').notNull().default(true),
    // The secret of the private calendar feed (webcal://); null until the user asks for the feed.
    calendarFeedToken: varchar('calendar_feed_token', { length: 64 }),
    // Blocked by an admin: its tokens stop working and its public content disappears.
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    // The plan end (premium_until) the "ends in 7 days" mail was sent for, so it goes once per end.
    planEndingMailedFor: timestamp('plan_ending_mailed_for', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // E-mails are unique regardless of case.
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_id_uq').on(t.googleId),
    uniqueIndex('users_facebook_id_uq').on(t.facebookId),
    uniqueIndex('users_calendar_feed_token_uq').on(t.calendarFeedToken),
    index('users_role_idx').on(t.role),
    check('users_events_left_check', sql`${t.eventsLeft} >= 0`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
