import 'server-only';
import { and, asc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { type Db, getDb } from '@/db/client';
import { dailyStats, events, places, users } from '@/db/schema';
import type { CompanyStats, MeasureCounts, StatsDay, StatsItem } from '@/lib/schemas/stats';
import { type StatMeasure, type StatPeriod, type StatSubject, statMeasures } from '@/lib/stats-measures';
import { toCsv } from '@/server/admin/newsletter-csv';
import { lastWarsawDays } from '@/server/admin/overview';
import type { AuthUser } from '@/server/auth/access-tokens';
import { AppError, forbidden, notFound } from '@/server/errors';
import { displayName, displayNameColumns } from '@/server/messages/participants';
import { flushStats } from './counter';

// Issue 28 point 2: what a company's events and places got, per Warsaw day, read from daily_stats.
// Five queries whatever the number of items: the company, its events, its places, and the counts
// summed by the database (by day and measure for the charts, by item and measure for the table).

/** A count of zero for every measure. */
export const zeroCounts = (): MeasureCounts =>
  Object.fromEntries(statMeasures.map((m) => [m, 0])) as MeasureCounts;

const isMeasure = (value: string): value is StatMeasure =>
  (statMeasures as readonly string[]).includes(value);

/** Figures are for companies (their own) and admins (any company's). */
function authorizeStats(actor: Pick<AuthUser, 'role'>) {
  if (actor.role !== 'company' && actor.role !== 'admin') throw forbidden();
}

/**
 * Whose figures the actor may see: a company its own, an admin any company's (issue 28 point 5, named
 * by `companyId`), nobody else any. A company naming another company is refused like an attendee.
 */
export function statsCompanyFor({ actor, companyId }: { actor: AuthUser; companyId?: number }): number {
  authorizeStats(actor);
  if (actor.role === 'company') {
    if (companyId !== undefined && companyId !== actor.id) throw forbidden();
    return actor.id;
  }
  if (companyId === undefined) {
    throw new AppError('validation', 'api.validation', { company_id: [{ key: 'validation.required' }] });
  }
  return companyId;
}

/** Rows of daily_stats that belong to the company's own events and places; ownership is in the WHERE. */
function ownRows(companyId: number) {
  return or(
    and(
      eq(dailyStats.subject, 'event'),
      inArray(
        dailyStats.subjectId,
        sql`(select ${events.id} from ${events} where ${events.userId} = ${companyId})`,
      ),
    ),
    and(
      eq(dailyStats.subject, 'place'),
      inArray(
        dailyStats.subjectId,
        sql`(select ${places.id} from ${places} where ${places.userId} = ${companyId})`,
      ),
    ),
  );
}

const total = sql<number>`sum(${dailyStats.count})`.mapWith(Number);

/**
 * The company whose figures are read, by its display name; not found when `companyId` is not a company's
 * account. What this process has counted and not yet written is written first, so the figures include
 * it (with one process, the embedded default, they are then exact).
 */
export async function statsCompany(db: Db, companyId: number): Promise<{ id: number; name: string }> {
  await flushStats();
  const [account] = await db
    .select({ id: users.id, ...displayNameColumns })
    .from(users)
    .where(and(eq(users.id, companyId), eq(users.role, 'company')));
  if (!account) throw notFound();
  return { id: account.id, name: displayName(account) };
}

/**
 * The figures of `/account/stats`: the last `days` Warsaw days ending today and the `days` before them
 * (for the change), every day of the period (zeros filled) and each own event and place (zeros too).
 * Not found when `companyId` is not a company's account.
 */
export async function companyStats({
  companyId,
  days,
  now = new Date(),
}: {
  companyId: number;
  days: StatPeriod;
  now?: Date;
}): Promise<CompanyStats> {
  const db = await getDb();
  const company = await statsCompany(db, companyId);

  // Both periods in one list of dates, oldest first: the previous period, then this one.
  const dates = lastWarsawDays(days * 2, now);
  const previousDates = dates.slice(0, days);
  const periodDates = dates.slice(days);
  const first = (list: string[]) => list[0] as string;
  const last = (list: string[]) => list.at(-1) as string;
  const period = { from: first(periodDates), to: last(periodDates) };
  const previous = { from: first(previousDates), to: last(previousDates) };
  const own = ownRows(companyId);

  const [ownEvents, ownPlaces, byDay, byItem] = await Promise.all([
    db
      .select({ id: events.id, name: events.name })
      .from(events)
      .where(eq(events.userId, companyId))
      .orderBy(asc(events.name), asc(events.id)),
    db
      .select({ id: places.id, name: places.name })
      .from(places)
      .where(eq(places.userId, companyId))
      .orderBy(asc(places.name), asc(places.id)),
    db
      .select({ day: dailyStats.day, measure: dailyStats.measure, n: total })
      .from(dailyStats)
      .where(and(own, gte(dailyStats.day, previous.from), lte(dailyStats.day, period.to)))
      .groupBy(dailyStats.day, dailyStats.measure),
    db
      .select({
        subject: dailyStats.subject,
        id: dailyStats.subjectId,
        measure: dailyStats.measure,
        n: total,
      })
      .from(dailyStats)
      .where(and(own, gte(dailyStats.day, period.from), lte(dailyStats.day, period.to)))
      .groupBy(dailyStats.subject, dailyStats.subjectId, dailyStats.measure),
  ]);

  const daily = new Map<string, StatsDay>(periodDates.map((date) => [date, { date, counts: zeroCounts() }]));
  const totals = zeroCounts();
  const previousTotals = zeroCounts();
  for (const row of byDay) {
    if (!isMeasure(row.measure)) continue;
    const day = daily.get(row.day);
    if (day) {
      day.counts[row.measure] += row.n;
      totals[row.measure] += row.n;
    } else {
      previousTotals[row.measure] += row.n;
    }
  }

  const items = new Map<string, StatsItem>();
  const key = (type: StatSubject, id: number) => `${type}:${id}`;
  for (const e of ownEvents) items.set(key('event', e.id), { type: 'event', ...e, counts: zeroCounts() });
  for (const p of ownPlaces) items.set(key('place', p.id), { type: 'place', ...p, counts: zeroCounts() });
  for (const row of byItem) {
    const item = items.get(key(row.subject as StatSubject, row.id));
    if (item && isMeasure(row.measure)) item.counts[row.measure] += row.n;
  }

  return {
    company,
    days,
    period,
    previous_period: previous,
    totals,
    previous_totals: previousTotals,
    daily: [...daily.values()],
    items: [...items.values()],
  };
}

/**
 * The items table as CSV (type, id, name, then each measure): RFC 4180 quoting, and a name a
 * spreadsheet would run as a formula gets a leading apostrophe (`toCsv`). A byte-order mark first, so
 * spreadsheets read the Polish letters of the names as UTF-8.
 */
export function statsCsv(stats: Pick<CompanyStats, 'items'>): string {
  return `\uFEFF${toCsv([
    ['type', 'id', 'name', ...statMeasures],
    ...stats.items.map((item) => [
      item.type,
      String(item.id),
      item.name,
      ...statMeasures.map((m) => String(item.counts[m])),
    ]),
  ])}`;
}

/** The CSV's file name: the period and today's Warsaw date. */
export function statsCsvName(stats: Pick<CompanyStats, 'days' | 'period'>): string {
  return `stats-${stats.days}d-${stats.period.to}.csv`;
}
