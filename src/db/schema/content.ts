import * as pg from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { locale } from './users';

export const textPages = pg.pgTable('text_pages', {
  id: pg.serial('id').primaryKey(),
  slug: pg.varchar('slug', { length: 60 }).notNull().unique('text_pages_slug_uq'),
  titlePl: pg.varchar('title_pl', { length: 200 }).notNull(),
  titleEn: pg.varchar('title_en', { length: 200 }).notNull(),
  bodyPl: pg.text('body_pl').notNull(),
  bodyEn: pg.text('body_en').notNull(),
  updatedAt: updatedAt(),
});

// Double opt-in: a subscriber counts once confirmed_at is set.
export const newsletterSubscribers = pg.pgTable('newsletter_subscribers', {
  id: pg.serial('id').primaryKey(),
  email: pg.varchar('email', { length: 254 }).notNull().unique('newsletter_subscribers_email_uq'),
  locale: locale('locale').notNull().default('pl'),
  confirmTokenHash: pg.varchar('confirm_token_hash', { length: 64 }),
  confirmedAt: pg.timestamp('confirmed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

// Mail goes through this table first so a mail server that is down loses nothing.
/** A document a queued mail carries, by what it is rendered from. */
export type MailDocument = { invoiceId: number } | { ticketId: number };

export const mailOutbox = pg.pgTable(
  'mail_outbox',
  {
    id: pg.serial('id').primaryKey(),
    to: pg.varchar('to', { length: 254 }).notNull(),
    subject: pg.text('subject').notNull(),
    text: pg.text('text').notNull(),
    html: pg.text('html'),
    attempts: pg.integer('attempts').notNull().default(0),
    nextAttemptAt: pg.timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: pg.timestamp('sent_at', { withTimezone: true }),
    lastError: pg.text('last_error'),
    // The one-click unsubscribe address of a mail sent by choice (RFC 8058 List-Unsubscribe); null for
    // transactional mail (confirmations, resets).
    listUnsubscribe: pg.text('list_unsubscribe'),
    // Documents rendered and attached when the mail is sent (issue 27: an invoice's PDF; issue 33: a
    // ticket's QR code and calendar file).
    attachments: pg.jsonb('attachments').$type<MailDocument[]>(),
    createdAt: createdAt(),
  },
  (t) => [pg.index('mail_outbox_pending_idx').on(t.sentAt, t.nextAttemptAt)],
);

export type TextPage = typeof textPages.$inferSelect;
