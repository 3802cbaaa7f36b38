import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, ownedBy } from './columns';
import { users } from './users';

export const reportTarget = pgEnum('report_target', ['comment', 'place', 'event', 'message']);
export const reportReason = pgEnum('report_reason', [
  'spam',
  'offensive',
  'false_information',
  'illegal',
  'other',
]);
export const reportStatus = pgEnum('report_status', ['open', 'resolved']);

// A signed-in user's report of something they find wrong: one per person and item.
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: ownedBy('reporter_id', () => users.id),
    target: reportTarget('target').notNull(),
    targetId: integer('target_id').notNull(),
    reason: reportReason('reason').notNull(),
    text: text('text'),
    status: reportStatus('status').notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('reports_reporter_target_uq').on(t.reporterId, t.target, t.targetId),
    index('reports_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
    index('reports_target_idx').on(t.target, t.targetId),
  ],
);

// Every admin action: who, what, when, and the item before and after.
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 60 }).notNull(),
    target: varchar('target', { length: 40 }).notNull(),
    targetId: integer('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.target, t.targetId),
  ],
);

export type Report = typeof reports.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
