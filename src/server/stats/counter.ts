import 'server-only';
import { sql } from 'drizzle-orm';
import { getConfig } from '@/config';
import { type Db, getDb } from '@/db/client';
import { dailyStats, events, places } from '@/db/schema';
import type { StatMeasure, StatSubject } from '@/lib/stats-measures';
import { warsawParts } from '@/lib/warsaw-time';
import { logger } from '@/server/log';
import { isLimited, tryConsume } from '@/server/rate-limit';
import { claimFirst } from './seen';

// Issue 28: counting must not slow the pages. A hit only adds to a map in this process's memory; every
// few seconds the map is written in one transaction, a row per subject, day and measure with the sum of
// its hits (`count = count + n`), so two processes' batches add up and a busy page costs one row update
// per flush, never one row per view. The same holder serves server.ts and the Next.js bundle's copy.

/** Beyond this many distinct rows waiting (the database away for long), new hits are dropped. */
const maxPending = 200_000;
/** Rows per statement: well under PostgreSQL's 65,535 parameters at 5 per row. */
const rowsPerStatement = 2_000;

/** The Warsaw day of an instant, as daily_stats keeps it. */
export function warsawDay(instant: Date): string {
  const p = warsawParts(instant);
  return `${p.year}-${p.month}-${p.day}`;
}

export interface Hit {
  subject: StatSubject;
  id: number;
  measure: StatMeasure;
  now?: Date;
}

/** Adds `n` hits of a measure to this process's batch; written at the next flush. */
export function countHit(hit: Hit, n = 1): void {
  if (getConfig().stats.counting) processBuffer().add(hit, n);
}

/** Cookie visitors one address adds to one measure of one event or place a day (rate-limit.ts). */
export const anonymousVisitorsPerAddress = 10;

/**
 * Counts the hit only the first time this visitor makes it on this Warsaw day (`visitor` is "u<id>" for
 * an account, "c<cookie>" for a visitor cookie, "a<hash>" for a reader without one). With `address`
 * (anonymous visitors), at most `anonymousVisitorsPerAddress` first times count per address, measure,
 * event or place and day. Returns whether it counted.
 */
export async function countOnce(hit: Hit & { visitor: string; address?: string }): Promise<boolean> {
  if (!getConfig().stats.counting) return false;
  const now = hit.now ?? new Date();
  const day = warsawDay(now);
  const subjectKey = `${hit.subject}|${hit.id}|${hit.measure}`;
  const allowance = hit.address === undefined ? null : `${day}|${subjectKey}|${hit.address}`;
  // An address past its allowance is not remembered either: a script that drops its cookies would
  // otherwise fill the memory of first times (seen.ts), and a full memory counts nobody new that day.
  if (allowance !== null && (await isLimited('statVisitorsByAddress', allowance)) !== null) return false;
  // And each address is remembered at most so many times a day over all ids, so a loop over ids (each
  // with an allowance of its own) cannot fill it either.
  const firstTimes = hit.address === undefined ? null : `${day}|${hit.address}`;
  if (firstTimes !== null && (await isLimited('statFirstTimesByAddress', firstTimes)) !== null) return false;
  if (!(await claimFirst(day, `${subjectKey}|${hit.visitor}`))) return false;
  if (firstTimes !== null) await tryConsume('statFirstTimesByAddress', firstTimes);
  if (allowance !== null && !(await tryConsume('statVisitorsByAddress', allowance))) return false;
  countHit({ subject: hit.subject, id: hit.id, measure: hit.measure, now });
  return true;
}

interface Row {
  subject: StatSubject;
  id: number;
  day: string;
  measure: string;
  n: number;
}

async function write(db: Db, rows: Row[]): Promise<void> {
  const values = (chunk: Row[]) =>
    sql.join(
      chunk.map((r) => sql`(${r.subject}, ${r.id}::int, ${r.day}::date, ${r.measure}, ${r.n}::int)`),
      sql`, `,
    );
  const column = (c: { name: string }) => sql.identifier(c.name);
  // Raw statements, not the query builder, so the search cache's write observers do not hear them: a
  // count changes no answer but popularity, which cached answers pick up when they expire (decision of
  // migration 0007, whose trigger ignores a change of visit_count alone).
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += rowsPerStatement) {
      const chunk = rows.slice(i, i + rowsPerStatement);
      // Hits for an id that names no event or place (a beacon can say anything) are left out.
      await tx.execute(sql`
        insert into ${dailyStats} (${column(dailyStats.subject)}, ${column(dailyStats.subjectId)}, ${column(dailyStats.day)}, ${column(dailyStats.measure)}, ${column(dailyStats.count)})
        select v.subject, v.id, v.day, v.measure, v.n from (values ${values(chunk)}) as v(subject, id, day, measure, n)
        where (v.subject = 'event' and exists (select 1 from ${events} where ${events.id} = v.id))
           or (v.subject = 'place' and exists (select 1 from ${places} where ${places.id} = v.id))
        on conflict (${column(dailyStats.subject)}, ${column(dailyStats.subjectId)}, ${column(dailyStats.day)}, ${column(dailyStats.measure)})
        do update set ${column(dailyStats.count)} = ${dailyStats.count} + excluded.${column(dailyStats.count)}`);
    }
    // Popularity (spec §3 visit_count) is the visitors, once per visitor and day.
    for (const [subject, table] of [
      ['event', events],
      ['place', places],
    ] as const) {
      const visitors = new Map<number, number>();
      for (const r of rows) {
        if (r.subject === subject && r.measure === 'visitor')
          visitors.set(r.id, (visitors.get(r.id) ?? 0) + r.n);
      }
      if (!visitors.size) continue;
      const pairs = sql.join(
        [...visitors].map(([id, n]) => sql`(${id}::int, ${n}::int)`),
        sql`, `,
      );
      await tx.execute(sql`
        update ${table} set ${column(table.visitCount)} = ${table.visitCount} + v.n
        from (values ${pairs}) as v(id, n) where ${table.id} = v.id`);
    }
  });
}

/**
 * A process's hits waiting to be written. Flushes do not overlap: a second call waits for the running
 * one and then writes what came since. A failed write puts its counts back, to be tried with the next.
 */
export class StatsBuffer {
  private pending = new Map<string, number>();
  private flushing?: Promise<void>;

  add({ subject, id, measure, now = new Date() }: Hit, n = 1): void {
    const key = `${subject}|${id}|${warsawDay(now)}|${measure}`;
    const before = this.pending.get(key);
    if (before === undefined && this.pending.size >= maxPending) return;
    this.pending.set(key, (before ?? 0) + n);
  }

  /** How many distinct rows wait for the next flush. */
  get size(): number {
    return this.pending.size;
  }

  discard(): void {
    this.pending = new Map();
  }

  async flush(db?: Db): Promise<void> {
    while (this.flushing) await this.flushing.catch(() => undefined);
    if (!this.pending.size) return;
    const taken = this.pending;
    this.pending = new Map();
    const rows: Row[] = [...taken].map(([key, n]) => {
      const [subject, id, day, measure] = key.split('|') as [StatSubject, string, string, string];
      return { subject, id: Number(id), day, measure, n };
    });
    this.flushing = (async () => {
      try {
        await write(db ?? (await getDb()), rows);
      } catch (error) {
        for (const [key, n] of taken) {
          if (this.pending.size < maxPending || this.pending.has(key)) {
            this.pending.set(key, (this.pending.get(key) ?? 0) + n);
          }
        }
        throw error;
      } finally {
        this.flushing = undefined;
      }
    })();
    await this.flushing;
  }
}

// One buffer per process, on globalThis: server.ts and the Next.js bundle's copy of this module count
// into the same one, which server.ts's flusher writes.
const holder = globalThis as typeof globalThis & { __portalStats?: StatsBuffer };
function processBuffer(): StatsBuffer {
  holder.__portalStats ??= new StatsBuffer();
  return holder.__portalStats;
}

/** Writes what this process has counted so far. */
export function flushStats(): Promise<void> {
  return processBuffer().flush();
}

/** How many distinct rows wait for the next flush (tests). */
export function pendingStats(): number {
  return processBuffer().size;
}

/** Tests: drop whatever waits, so one test's hits never land in another's database. */
export function discardPendingStats(): void {
  processBuffer().discard();
}

/**
 * Flushes every `intervalMs` (STATS_FLUSH_MS, 5 s by default: the figures of /account/stats are at most
 * that late).
 * Returns the function that stops it after a last flush, for a clean shutdown.
 */
export function startStatsFlusher({ intervalMs = getConfig().stats.flushMs }: { intervalMs?: number } = {}) {
  const tick = () =>
    flushStats().catch((error) =>
      logger.error({ err: error }, 'statistics: writing failed (kept for the next try)'),
    );
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async (): Promise<void> => {
    clearInterval(timer);
    await tick();
  };
}
