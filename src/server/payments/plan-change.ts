import { addMonths } from '@/lib/plan-promo';
import type { PlanChangeKind } from '@/lib/premium-offer';
import { warsawOffsetMs, warsawParts } from '@/lib/warsaw-time';

// Issue 27: what buying a plan does to the plan that runs, so that nothing paid is lost. One pure rule
// for the grant (grant.ts) and for what /premium and the API show before paying (plan-quote.ts).
//
// - Nothing runs (or only the free default plan): the plan runs from now for the months bought.
// - The same plan runs: it is extended from its end.
// - Another plan runs: it ends now, and its unused days, valued at what the company paid for them,
//   become extra days of the new plan at the new order's price per day (rounded up to a whole day).
// Days are Warsaw calendar days, so a change of the clocks neither gains nor loses one.

const dayMs = 86_400_000;

/** One paid order of the running plan: the period it granted and what it cost. */
export interface PaidSpan {
  from: Date;
  /** The end it granted, credited days included. */
  until: Date;
  /** Months bought (the credited days are paid for at the same rate, so they do not change it). */
  months: number;
  /** Gross grosze paid. */
  amount: number;
}

/** The plan a company has now, until when, and the orders that paid for its current run. */
export interface RunningPlan {
  planId: number;
  until: Date;
  spans: PaidSpan[];
  /** Gross grosze per month at the list price, for days no order paid for (given by an admin or the seed). */
  monthlyPrice: number;
}

export interface PlanChange {
  kind: PlanChangeKind;
  from: Date;
  until: Date;
  /** Days of the new plan bought with the unused value of the replaced one. */
  creditedDays: number;
  /** The plan that is replaced and when it would have ended (kind 'change' only). */
  replaced: { planId: number; until: Date } | null;
}

/** The Warsaw calendar date of an instant, as a day count since 1970-01-01. */
function warsawDay(instant: Date): number {
  const p = warsawParts(instant);
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day)) / dayMs;
}

/** Warsaw calendar days from one instant to another (negative when `to` is earlier). */
export function warsawDaysBetween(from: Date, to: Date): number {
  return warsawDay(to) - warsawDay(from);
}

/** The instant `days` Warsaw calendar days later at the same Warsaw wall-clock time (23 or 25 hours a day at DST). */
export function addWarsawDays(instant: Date, days: number): Date {
  const wall = instant.getTime() + warsawOffsetMs(instant.getTime()) + days * dayMs;
  // Twice, as warsawToDate does: the first guess may sit on the other side of a change of the clocks.
  let result = wall - warsawOffsetMs(wall);
  result = wall - warsawOffsetMs(result);
  return new Date(result);
}

/** Warsaw days that `months` calendar months starting at `from` last (28 to 31 each). */
function monthsInDays(from: Date, months: number): number {
  return warsawDaysBetween(from, addMonths(from, months));
}

/**
 * The gross grosze the company paid for the days of the running plan after `now`: each order's days at
 * its own price per day (amount / days bought), days no order covers at the plan's list price.
 */
export function unusedValue(running: RunningPlan, now: Date): number {
  const total = warsawDaysBetween(now, running.until);
  if (total <= 0) return 0;
  let covered = 0;
  let value = 0;
  for (const span of running.spans) {
    const start = new Date(Math.max(span.from.getTime(), now.getTime()));
    const end = new Date(Math.min(span.until.getTime(), running.until.getTime()));
    const days = warsawDaysBetween(start, end);
    const bought = monthsInDays(span.from, span.months);
    if (days <= 0 || bought <= 0) continue;
    covered += days;
    value += (days * span.amount) / bought;
  }
  const rest = total - covered;
  if (rest > 0) value += (rest * running.monthlyPrice) / monthsInDays(now, 1);
  return value;
}

/** What an order of `months` of plan `planId` for `amount` grosze grants when paid at `now`. */
export function planChange({
  running,
  planId,
  months,
  amount,
  now,
}: {
  running: RunningPlan | null;
  planId: number;
  months: number;
  amount: number;
  now: Date;
}): PlanChange {
  if (!running || running.until <= now) {
    return { kind: 'new', from: now, until: addMonths(now, months), creditedDays: 0, replaced: null };
  }
  if (running.planId === planId) {
    const from = running.until;
    return { kind: 'extend', from, until: addMonths(from, months), creditedDays: 0, replaced: null };
  }
  const perDay = amount / monthsInDays(now, months);
  const value = unusedValue(running, now);
  // Rounded up, so the company never gets less than it paid for; the tolerance keeps an exact quotient
  // computed in floating point (21.000000000004) from becoming a day more.
  const creditedDays = perDay > 0 && value > 0 ? Math.ceil(value / perDay - 1e-9) : 0;
  return {
    kind: 'change',
    from: now,
    until: addWarsawDays(addMonths(now, months), creditedDays),
    creditedDays,
    replaced: { planId: running.planId, until: running.until },
  };
}
