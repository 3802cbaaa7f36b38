import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt, ownedBy } from './columns';
import { users } from './users';

export const reportTarget = pg.pgEnum('report_target', ['comment', 'place', 'event', 'message']);
export const reportReason = pg.pgEnum('report_reason', [
  'spam',
  'offensive',
  'false_information',
  'illegal',
  'other',
]);
export const reportStatus = pg.pgEnum('report_status', ['open', 'resolved']);

// A signed-in user's report of something they find wrong: one per person and item.
export const reports = pg.pgTable(
  'reports',
  {
    id: pg.serial('id').primaryKey(),
    reporterId: ownedBy('reporter_id', () => users.id),
    target: reportTarget('target').notNull(),
    targetId: pg.integer('target_id').notNull(),
    reason: reportReason('reason').notNull(),
    text: pg.text('text'),
    status: reportStatus('status').notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: pg.timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: pg.integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    pg.uniqueIndex('reports_reporter_target_uq').on(t.reporterId, t.target, t.targetId),
    pg.index('reports_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
    pg.index('reports_target_idx').on(t.target, t.targetId),
  ],
);

// Every admin action: who, what, when, and the item before and after.
export const auditLog = pg.pgTable(
  'audit_log',
  {
    id: pg.serial('id').primaryKey(),
    adminId: pg.integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: pg.varchar('action', { length: 60 }).notNull(),
    target: pg.varchar('target', { length: 40 }).notNull(),
    targetId: pg.integer('target_id'),
    before: pg.jsonb('before'),
    after: pg.jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    pg.index('audit_log_created_idx').on(t.createdAt),
    pg.index('audit_log_target_idx').on(t.target, t.targetId),
  ],
);

export type Report = typeof reports.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
