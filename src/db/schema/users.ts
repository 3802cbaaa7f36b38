import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { premiumSettings } from './plans';

export const userRole = pg.pgEnum('user_role', ['user', 'company', 'admin']);
export const locale = pg.pgEnum('locale', ['pl', 'en']);

export const users = pg.pgTable(
  'users',
  {
    id: pg.serial('id').primaryKey(),
    email: pg.varchar('email', { length: 254 }).notNull(),
    passwordHash: pg.text('password_hash'),
    role: userRole('role').notNull().default('user'),
    firstName: pg.varchar('first_name', { length: 100 }),
    lastName: pg.varchar('last_name', { length: 100 }),
    companyName: pg.varchar('company_name', { length: 200 }),
    city: pg.varchar('city', { length: 100 }),
    imageUrl: pg.text('image_url'),
    locale: locale('locale').notNull().default('pl'),
    googleId: pg.varchar('google_id', { length: 255 }),
    facebookId: pg.varchar('facebook_id', { length: 255 }),
    premiumSettingId: pg.integer('premium_setting_id').references(() => premiumSettings.id, {
      onDelete: 'set null',
    }),
    premiumUntil: pg.timestamp('premium_until', { withTimezone: true }),
    // Quota of event creations ("left creations"); a CHECK keeps parallel creates from going below zero.
    eventsLeft: pg.integer('events_left').notNull().default(0),
    emailVerifiedAt: pg.timestamp('email_verified_at', { withTimezone: true }),
    // Mail about what happened while away (new messages, reminders); one click in any such mail turns it off.
    mailUpdates: pg.boolean('mail_updates').notNull().default(true),
    // The secret of the private calendar feed (webcal://); null until the user asks for the feed.
    calendarFeedToken: pg.varchar('calendar_feed_token', { length: 64 }),
    // Blocked by an admin: its tokens stop working and its public content disappears.
    blockedAt: pg.timestamp('blocked_at', { withTimezone: true }),
    // The plan end (premium_until) the "ends in 7 days" mail was sent for, so it goes once per end.
    planEndingMailedFor: pg.timestamp('plan_ending_mailed_for', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // E-mails are unique regardless of case.
    pg.uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    pg.uniqueIndex('users_google_id_uq').on(t.googleId),
    pg.uniqueIndex('users_facebook_id_uq').on(t.facebookId),
    pg.uniqueIndex('users_calendar_feed_token_uq').on(t.calendarFeedToken),
    pg.index('users_role_idx').on(t.role),
    pg.check('users_events_left_check', sql`${t.eventsLeft} >= 0`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
