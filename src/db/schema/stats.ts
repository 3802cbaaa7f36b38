import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';

/**
 * Issue 28: how often each measure (src/lib/stats-measures.ts) happened to an event or a place on a
 * Warsaw day. Only counts: no visitor, address or account is stored. Written in batches by the counter
 * (src/server/stats/counter.ts), which adds to a row, never one row per view. No foreign key: a batch
 * must not fail because an event was deleted a second before; reports read through the owner's events
 * and places, so a deleted one's rows are never shown.
 */
export const dailyStats = pg.pgTable(
  'daily_stats',
  {
    subject: pg.text('subject').notNull(),
    subjectId: pg.integer('subject_id').notNull(),
    day: pg.date('day', { mode: 'string' }).notNull(),
    measure: pg.text('measure').notNull(),
    count: pg.integer('count').notNull(),
  },
  (t) => [
    pg.primaryKey({ name: 'daily_stats_pk', columns: [t.subject, t.subjectId, t.day, t.measure] }),
    pg.index('daily_stats_day_idx').on(t.day),
    pg.check('daily_stats_subject_check', sql`${t.subject} in ('event', 'place')`),
    pg.check('daily_stats_count_check', sql`${t.count} >= 0`),
  ],
);
