import 'server-only';
import { and, count, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { getDb } from '@/db/client';
import { events, orders, places, reports, users } from '@/db/schema';
import { toPln } from '@/lib/format';
import type { AdminOverview, OverviewDay } from '@/lib/schemas/admin-overview';
import { warsawParts, warsawToDate } from '@/lib/warsaw-time';
import { pendingEventWalk, pendingPlace, pendingPlaceWalk } from './verification';

/** How many days the overview looks back, today included. */
export const overviewDays = 30;

/** The Warsaw calendar dates (YYYY-MM-DD) of the last `n` days, oldest first, ending with today's. */
export function lastWarsawDays(n: number, now: Date = new Date()): string[] {
  const p = warsawParts(now);
  const today = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day));
  return Array.from({ length: n }, (_, i) =>
    new Date(today - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The Warsaw day of an instant column, as the database groups it. */
const warsawDay = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'Europe/Warsaw', 'YYYY-MM-DD')`;

/** One query: how many rows of a table were created on each day since `from`. */
async function countByDay(table: PgTable, createdAt: AnyPgColumn, from: Date): Promise<Map<string, number>> {
  const db = await getDb();
  const day = warsawDay(createdAt);
  const rows = await db.select({ day, n: count() }).from(table).where(gte(createdAt, from)).groupBy(day);
  return new Map(rows.map((r) => [r.day, r.n]));
}

/** One query: the paid orders and their amount (grosze) by the day they were paid. */
async function paidByDay(from: Date): Promise<Map<string, { n: number; grosze: number }>> {
  const db = await getDb();
  const day = warsawDay(orders.paidAt);
  const rows = await db
    .select({ day, n: count(), grosze: sql<number>`coalesce(sum(${orders.amount}), 0)`.mapWith(Number) })
    .from(orders)
    .where(and(eq(orders.status, 'paid'), gte(orders.paidAt, from)))
    .groupBy(day);
  return new Map(rows.map((r) => [r.day, { n: r.n, grosze: r.grosze }]));
}

async function countWhere(table: PgTable, where: SQL | undefined): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/** Event walks waiting, counted like the verification queue (which joins the event's place). */
async function eventWalksWaiting(): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(events)
    .innerJoin(places, eq(places.id, events.placeId))
    .where(pendingEventWalk);
  return row?.n ?? 0;
}

/**
 * Issue 14 point 5: new accounts, events, places, paid orders and revenue for each of the last 30
 * Warsaw days (one query per series), their totals, and what waits for an admin.
 */
export async function getAdminOverview({ now = new Date() }: { now?: Date } = {}): Promise<AdminOverview> {
  const dates = lastWarsawDays(overviewDays, now);
  const from =
    warsawToDate(dates[0] as string, '00:00') ?? new Date(now.getTime() - overviewDays * 86_400_000);
  const [accounts, newEvents, newPlaces, paid, openReports, placesPending, placeWalks, eventWalks] =
    await Promise.all([
      countByDay(users, users.createdAt, from),
      countByDay(events, events.createdAt, from),
      countByDay(places, places.createdAt, from),
      paidByDay(from),
      countWhere(reports, eq(reports.status, 'open')),
      countWhere(places, pendingPlace),
      countWhere(places, pendingPlaceWalk),
      eventWalksWaiting(),
    ]);
  let revenueGrosze = 0;
  const days: OverviewDay[] = dates.map((date) => {
    const pay = paid.get(date);
    revenueGrosze += pay?.grosze ?? 0;
    return {
      date,
      accounts: accounts.get(date) ?? 0,
      events: newEvents.get(date) ?? 0,
      places: newPlaces.get(date) ?? 0,
      orders: pay?.n ?? 0,
      revenue: toPln(pay?.grosze ?? 0),
    };
  });
  const sum = (key: 'accounts' | 'events' | 'places' | 'orders') => days.reduce((s, d) => s + d[key], 0);
  return {
    days,
    totals: {
      accounts: sum('accounts'),
      events: sum('events'),
      places: sum('places'),
      orders: sum('orders'),
      revenue: toPln(revenueGrosze),
    },
    open_reports: openReports,
    places_pending: placesPending,
    walks_pending: placeWalks + eventWalks,
  };
}
