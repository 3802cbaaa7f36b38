import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { locale } from './users';

export const textPages = pgTable('text_pages', {
  id: serial('id').primaryKey(),
  slug: varchar('slug', { length: 60 }).notNull().unique('text_pages_slug_uq'),
  titlePl: varchar('title_pl', { length: 200 }).notNull(),
  titleEn: varchar('title_en', { length: 200 }).notNull(),
  bodyPl: text('body_pl').notNull(),
  bodyEn: text('body_en').notNull(),
  updatedAt: updatedAt(),
});

// Double opt-in: a subscriber counts once confirmed_at is set.
export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: serial('id').primaryKey(),
  email: varchar('email', { length: 254 }).notNull().unique('newsletter_subscribers_email_uq'),
  locale: locale('locale').notNull().default('pl'),
  confirmTokenHash: varchar('confirm_token_hash', { length: 64 }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

// Mail goes through this table first so a mail server that is down loses nothing.
/** A document a queued mail carries, by what it is rendered from. */
export type MailDocument = { invoiceId: number } | { ticketId: number };

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: varchar('to', { length: 254 }).notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    // The one-click unsubscribe address of a mail sent by choice (RFC 8058 List-Unsubscribe); null for
    // transactional mail (confirmations, resets).
    listUnsubscribe: text('list_unsubscribe'),
    // Documents rendered and attached when the mail is sent (issue 27: an invoice's PDF; issue 33: a
    // ticket's QR code and calendar file).
    attachments: jsonb('attachments').$type<MailDocument[]>(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.sentAt, t.nextAttemptAt)],
);

export type TextPage = typeof textPages.$inferSelect;
