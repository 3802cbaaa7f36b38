import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '@/db/client';
import { eventExceptions, eventOccurrences, events } from '@/db/schema';
import type { EventInput } from '@/lib/schemas/event';
import type { EventSeries, SeriesDate } from '@/lib/schemas/event-responses';
import { warsawToDate } from '@/lib/warsaw-time';
import { AppError } from '@/server/errors';
import {
  buildRule,
  currentOccurrence,
  maxSeriesYears,
  type Occurrence,
  ruleDates,
  ruleProblem,
  ruleToFields,
  type SeriesException,
  seriesDay,
  seriesOccurrences,
} from './series';

/** What a saved series writes: the rule, its first date, the dates it takes place on and its exceptions. */
export interface SeriesPlan {
  rule: string;
  seriesStart: Date;
  seriesEnd: Date;
  occurrences: Occurrence[];
  exceptions: SeriesException[];
  cancelled: Date[];
  current: Occurrence;
  /** An imported series' dates start here (a month ago); older ones and their exceptions are left out. */
  keptFrom: Date | null;
}

/** An imported series keeps its dates from this many days ago; older ones are of no use to anyone. */
const keptPastDays = 31;

/** How far ahead a series' dates are written: a rule from the form ends sooner, an imported one may not. */
export function seriesHorizon(from: Date, now: Date): Date {
  const base = Math.max(from.getTime(), now.getTime());
  return new Date(base + maxSeriesYears * 366 * 86_400_000);
}

type FieldErrors = Record<string, { key: string }[]>;

/**
 * The series the form (or an import) describes, checked against its own dates: every cancelled or moved
 * date must be one of the rule's, a rule from the form must end within its limits, and at least one date
 * must be left. Null for a single event. Throws a 422 with every problem at once.
 */
export function planSeries(
  input: Pick<EventInput, 'repeat' | 'startDate' | 'endDate' | 'exceptions'>,
  now: Date,
): SeriesPlan | null {
  const repeat = input.repeat;
  if (!repeat) return null;
  const errors: FieldErrors = Object.create(null);
  const fail = (field: string, key: string) => {
    errors[field] ??= [];
    errors[field].push({ key });
  };
  const rule = 'custom' in repeat ? repeat.custom : buildRule(repeat, input.startDate);
  if (ruleProblem(rule)) {
    throw new AppError('validation', 'api.validation', { repeat: [{ key: 'validation.repeat_rule' }] });
  }
  const horizon = seriesHorizon(input.startDate, now);
  // A rule from the form is whole or refused. An imported one may have run for years and have no end:
  // its dates from a month ago are kept, as far as the horizon, and an exception on a date it does not
  // give is passed over, as calendar apps do.
  const imported = 'custom' in repeat;
  const keepFrom = imported ? new Date(now.getTime() - keptPastDays * 86_400_000) : undefined;
  const { dates, complete } = ruleDates(rule, input.startDate, { horizon, keepFrom });
  if (!complete && !imported)
    fail(repeat.count ? 'repeat_count' : 'repeat_until', 'validation.repeat_too_many');

  if (dates.length === 0) fail('repeat', 'validation.repeat_rule');
  const byDay = new Map(dates.map((d) => [seriesDay(d), d]));
  const duration = input.endDate.getTime() - input.startDate.getTime();
  const exceptions = new Map<number, SeriesException>();
  for (const day of input.exceptions.cancel) {
    const original = byDay.get(day);
    if (!original && imported) continue;
    if (!original) fail('cancel_dates', 'validation.not_series_date');
    else exceptions.set(original.getTime(), { originalStart: original, start: null, end: null });
  }
  for (const move of input.exceptions.moves) {
    const original = byDay.get(move.from);
    if (!original && imported) continue;
    const start = warsawToDate(move.date, move.time);
    if (!original) fail(`move_from.${move.index}`, 'validation.not_series_date');
    else if (exceptions.has(original.getTime())) fail(`move_from.${move.index}`, 'validation.date_twice');
    if (!start) fail(`move_date.${move.index}`, 'validation.date');
    if (original && start && !exceptions.has(original.getTime())) {
      exceptions.set(original.getTime(), {
        originalStart: original,
        start,
        end: new Date(start.getTime() + duration),
        name: move.name,
      });
    }
  }
  const { occurrences, cancelled } = seriesOccurrences(
    { rule, start: input.startDate, end: input.endDate, exceptions: [...exceptions.values()] },
    { horizon, keepFrom },
  );
  const current = currentOccurrence(occurrences, now);
  if (!current && Object.keys(errors).length === 0 && dates.length > 0)
    fail('cancel_dates', 'validation.all_dates_cancelled');
  if (Object.keys(errors).length > 0 || !current) throw new AppError('validation', 'api.validation', errors);
  return {
    rule,
    seriesStart: input.startDate,
    seriesEnd: input.endDate,
    occurrences,
    exceptions: [...exceptions.values()],
    cancelled,
    current,
    keptFrom: keepFrom ?? null,
  };
}

/** The columns of `events` a plan sets: the series' rule and first date, and the date lists show now. */
export function seriesColumns(plan: SeriesPlan | null, input: Pick<EventInput, 'startDate' | 'endDate'>) {
  if (!plan) return { repeatRule: null, seriesStart: null, seriesEnd: null };
  return {
    repeatRule: plan.rule,
    seriesStart: input.startDate,
    seriesEnd: input.endDate,
    startDate: plan.current.start,
    endDate: plan.current.end,
  };
}

/**
 * Writes a series' dates and exceptions inside the event's transaction, replacing what was there; a
 * single event has none. Returns the dates newly cancelled, whose followers are to be told.
 */
export async function writeSeries(tx: DbOrTx, eventId: number, plan: SeriesPlan | null): Promise<Date[]> {
  const before = await tx
    .select({ originalStart: eventExceptions.originalStart })
    .from(eventExceptions)
    .where(and(eq(eventExceptions.eventId, eventId), sql`${eventExceptions.newStart} is null`));
  await tx.delete(eventOccurrences).where(eq(eventOccurrences.eventId, eventId));
  await tx.delete(eventExceptions).where(eq(eventExceptions.eventId, eventId));
  if (!plan) return [];
  for (let i = 0; i < plan.occurrences.length; i += 250) {
    await tx.insert(eventOccurrences).values(
      plan.occurrences.slice(i, i + 250).map((o) => ({
        eventId,
        originalStart: o.originalStart,
        startDate: o.start,
        endDate: o.end,
      })),
    );
  }
  if (plan.exceptions.length) {
    await tx.insert(eventExceptions).values(
      plan.exceptions.map((e) => ({
        eventId,
        originalStart: e.originalStart,
        newStart: e.start,
        newEnd: e.end,
        name: e.name ?? null,
      })),
    );
  }
  const known = new Set(before.map((b) => b.originalStart.getTime()));
  return plan.cancelled.filter((d) => !known.has(d.getTime()));
}

/** A series' exceptions as `planSeries` takes them back (the form's edit values, an import's update). */
export async function seriesExceptionsOf(db: DbOrTx, eventIds: number[]) {
  if (eventIds.length === 0) return new Map<number, SeriesException[]>();
  const rows = await db.select().from(eventExceptions).where(inArray(eventExceptions.eventId, eventIds));
  const byEvent = new Map<number, SeriesException[]>();
  for (const r of rows) {
    const list = byEvent.get(r.eventId) ?? [];
    list.push({ originalStart: r.originalStart, start: r.newStart, end: r.newEnd, name: r.name });
    byEvent.set(r.eventId, list);
  }
  return byEvent;
}

/**
 * The series job's work: every series whose shown date is over moves on to its next one, in one
 * statement. The change notifies the caches like any edit of the event.
 */
export async function advanceSeries(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const moment = sql`${now.toISOString()}::timestamptz`;
  const moved = await db.execute(sql`
    update ${events} e set start_date = next.start_date, end_date = next.end_date
    from (
      select distinct on (o.event_id) o.event_id, o.start_date, o.end_date
      from ${eventOccurrences} o join ${events} s on s.id = o.event_id
      where s.repeat_rule is not null and s.end_date <= ${moment} and o.end_date > ${moment}
      order by o.event_id, o.start_date
    ) next
    where e.id = next.event_id
    returning e.id`);
  return rowsOf(moved).length;
}

/** How many of a series' next dates its page lists. */
export const seriesDatesShown = 10;

/**
 * A series as its page shows it: the rule, its parts for the form's wording, and the next dates from now,
 * cancelled ones included (struck out), moved ones with where they were.
 */
export async function seriesOf(
  db: DbOrTx,
  event: { id: number; repeatRule: string | null; seriesStart: Date | null; seriesEnd: Date | null },
  now: Date = new Date(),
): Promise<EventSeries | null> {
  if (!event.repeatRule || !event.seriesStart) return null;
  const moment = sql`${now.toISOString()}::timestamptz`;
  const [held, cancelled, named] = await Promise.all([
    db
      .select()
      .from(eventOccurrences)
      .where(and(eq(eventOccurrences.eventId, event.id), sql`${eventOccurrences.endDate} > ${moment}`))
      .orderBy(eventOccurrences.startDate)
      .limit(seriesDatesShown),
    db
      .select()
      .from(eventExceptions)
      .where(
        and(
          eq(eventExceptions.eventId, event.id),
          sql`${eventExceptions.newStart} is null and ${eventExceptions.originalStart} > ${moment}`,
        ),
      )
      .orderBy(eventExceptions.originalStart)
      .limit(seriesDatesShown),
    // Issue 29: dates with a title of their own (an imported override's), few by nature.
    db
      .select({ originalStart: eventExceptions.originalStart, name: eventExceptions.name })
      .from(eventExceptions)
      .where(and(eq(eventExceptions.eventId, event.id), sql`${eventExceptions.name} is not null`)),
  ]);
  const nameOf = new Map(named.map((n) => [n.originalStart.getTime(), n.name]));
  const duration = (event.seriesEnd?.getTime() ?? event.seriesStart.getTime()) - event.seriesStart.getTime();
  const dates: SeriesDate[] = [
    ...held.map((o) => ({
      start: o.startDate.toISOString(),
      end: o.endDate.toISOString(),
      cancelled: false,
      moved_from: o.originalStart.getTime() === o.startDate.getTime() ? null : o.originalStart.toISOString(),
      name: nameOf.get(o.originalStart.getTime()) ?? null,
    })),
    ...cancelled.map((c) => ({
      start: c.originalStart.toISOString(),
      end: new Date(c.originalStart.getTime() + duration).toISOString(),
      cancelled: true,
      moved_from: null,
      name: null,
    })),
  ];
  dates.sort((a, b) => a.start.localeCompare(b.start));
  return {
    rule: event.repeatRule,
    repeat: ruleToFields(event.repeatRule, event.seriesStart),
    first_start: event.seriesStart.toISOString(),
    next_dates: dates.slice(0, seriesDatesShown),
  };
}
