import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { categories } from './categories';
import { createdAt, ownedBy, updatedAt } from './columns';
import { places } from './places';
import { users } from './users';

/** What happened to one VEVENT of a run: shown to the company as the import's report. */
export interface ImportReportEntry {
  uid: string;
  name: string | null;
  outcome: 'created' | 'updated' | 'unchanged' | 'removed' | 'skipped' | 'failed' | 'missing';
  /** A message key (imports.reason.*) or field errors, when the VEVENT was not applied. */
  reason?: string;
  fields?: Record<string, string>;
  eventId?: number;
}

// Issue 17 item 3: a company's ICS source for one of its places. `url` null means an uploaded file,
// which is applied once and never re-read by the job.
export const eventImports = pg.pgTable(
  'event_imports',
  {
    id: pg.serial('id').primaryKey(),
    placeId: ownedBy('place_id', () => places.id),
    userId: ownedBy('user_id', () => users.id),
    categoryId: pg
      .integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    url: pg.text('url'),
    lastRunAt: pg.timestamp('last_run_at', { withTimezone: true }),
    // 'ok' or a message key saying why the whole feed was refused (imports.status.*).
    lastStatus: pg.varchar('last_status', { length: 64 }),
    createdCount: pg.integer('created_count').notNull().default(0),
    updatedCount: pg.integer('updated_count').notNull().default(0),
    skippedCount: pg.integer('skipped_count').notNull().default(0),
    failedCount: pg.integer('failed_count').notNull().default(0),
    report: pg.jsonb('report').$type<ImportReportEntry[]>().notNull().default([]),
    nextRunAt: pg.timestamp('next_run_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    pg.index('event_imports_place_idx').on(t.placeId),
    // The hourly job claims due URL sources by this.
    pg.index('event_imports_next_run_idx').on(t.nextRunAt).where(sql`${t.url} is not null`),
    pg.check('event_imports_counts_check', sql`${t.createdCount} >= 0 and ${t.updatedCount} >= 0`),
  ],
);
