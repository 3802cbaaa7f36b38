import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt, hiddenAt, ownedBy } from './columns';
import { events } from './events';
import { places } from './places';
import { users } from './users';

// A notification stores a message key and its parameters, rendered in the reader's language.
export const notifications = pg.pgTable(
  'notifications',
  {
    id: pg.serial('id').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    type: pg.varchar('type', { length: 40 }).notNull(),
    params: pg.jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    eventId: pg.integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    placeId: pg.integer('place_id').references(() => places.id, { onDelete: 'cascade' }),
    readAt: pg.timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * Issue 29: what an unread notification gathers ("place:{id}:{Warsaw day}" for a place's new events),
     * null for one that stands alone. A user has at most one unread notification per key.
     */
    groupKey: pg.text('group_key'),
  },
  (t) => [
    pg.index('notifications_user_created_idx').on(t.userId, t.createdAt),
    pg.uniqueIndex('notifications_unread_group_uq').on(t.userId, t.groupKey).where(sql`${t.readAt} is null`),
  ],
);

// One conversation per pair of users; user_low_id < user_high_id keeps the pair unique.
export const conversations = pg.pgTable(
  'conversations',
  {
    id: pg.serial('id').primaryKey(),
    userLowId: ownedBy('user_low_id', () => users.id),
    userHighId: ownedBy('user_high_id', () => users.id),
    lastMessageAt: pg.timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.uniqueIndex('conversations_pair_uq').on(t.userLowId, t.userHighId),
    pg.index('conversations_high_idx').on(t.userHighId),
    pg.check('conversations_order_check', sql`${t.userLowId} < ${t.userHighId}`),
  ],
);

export const messages = pg.pgTable(
  'messages',
  {
    id: pg.serial('id').primaryKey(),
    conversationId: ownedBy('conversation_id', () => conversations.id),
    senderId: ownedBy('sender_id', () => users.id),
    message: pg.text('message').notNull(),
    readAt: pg.timestamp('read_at', { withTimezone: true }),
    // The thread shows that a message hidden by an admin was removed.
    hiddenAt: hiddenAt(),
    createdAt: createdAt(),
  },
  (t) => [pg.index('messages_conversation_created_idx').on(t.conversationId, t.createdAt)],
);

// A reminder of an event in a user's calendar, sent once: the job inserts here first and only the rows it
// inserted are sent, so a second run or a second process sends nothing twice.
export const remindersSent = pg.pgTable(
  'reminders_sent',
  {
    userId: ownedBy('user_id', () => users.id),
    eventId: ownedBy('event_id', () => events.id),
    // Which date was reminded of: a series (issue 17) is reminded of before each of its dates.
    startsAt: pg.timestamp('starts_at', { withTimezone: true }).notNull(),
    sentAt: pg.timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.primaryKey({ columns: [t.userId, t.eventId, t.startsAt] })],
);

// When a recipient was last mailed about a conversation: at most one mail per conversation per hour.
export const messageMails = pg.pgTable(
  'message_mails',
  {
    conversationId: ownedBy('conversation_id', () => conversations.id),
    recipientId: ownedBy('recipient_id', () => users.id),
    sentAt: pg.timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [pg.primaryKey({ columns: [t.conversationId, t.recipientId] })],
);

export type Notification = typeof notifications.$inferSelect;
export type Message = typeof messages.$inferSelect;
