import { z } from 'zod';
import { statMeasures, statPeriods, statSubjects } from '@/lib/stats-measures';
import { idSchema } from './common-responses';
import { optionalId, queryWhole } from './fields';

// Issue 28 point 2: a company's figures (/account/stats and GET /api/user/stats[.csv]).

/** The period asked for when none is: a month. */
export const defaultStatPeriod = 30;

const isPeriod = (days: number) => (statPeriods as readonly number[]).includes(days);

/** GET /api/user/stats?days=30[&company_id=] - the period (7, 30 or 90 days); admins name the company. */
export const statsQuerySchema = z.object({
  days: queryWhole(z.number().int().refine(isPeriod, 'validation.stats_period')).transform(
    (days) => (days ?? defaultStatPeriod) as (typeof statPeriods)[number],
  ),
  company_id: optionalId,
});
export type StatsQuery = z.infer<typeof statsQuerySchema>;

/** A count for every measure of src/lib/stats-measures.ts, zero when nothing happened. */
export const measureCountsSchema = z.record(z.enum(statMeasures), z.int());
export type MeasureCounts = z.infer<typeof measureCountsSchema>;

/** Both ends included, Warsaw calendar dates (YYYY-MM-DD). */
const dateRangeSchema = z.object({ from: z.string(), to: z.string() });

export const statsItemSchema = z.object({
  type: z.enum(statSubjects),
  id: idSchema,
  name: z.string(),
  /** Sums over the period. */
  counts: measureCountsSchema,
});
export type StatsItem = z.infer<typeof statsItemSchema>;

export const statsDaySchema = z.object({ date: z.string(), counts: measureCountsSchema });
export type StatsDay = z.infer<typeof statsDaySchema>;

/** GET /api/user/stats: the period's and the previous period's totals, each day, each event and place. */
export const companyStatsSchema = z.object({
  company: z.object({ id: idSchema, name: z.string() }),
  days: z.union(statPeriods.map((p) => z.literal(p))),
  period: dateRangeSchema,
  previous_period: dateRangeSchema,
  totals: measureCountsSchema,
  previous_totals: measureCountsSchema,
  /** Every day of the period, oldest first, zeros included. */
  daily: z.array(statsDaySchema),
  /** The company's own events and places, those without any count included. */
  items: z.array(statsItemSchema),
});
export type CompanyStats = z.infer<typeof companyStatsSchema>;
