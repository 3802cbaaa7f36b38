import type { StatsItem } from '@/lib/schemas/stats';
import type { StatMeasure } from '@/lib/stats-measures';

// The company statistics page's comparisons, computed where it renders.

/** How a total compares with the previous period's: a percentage, "new" from nothing, or nothing to say. */
export type StatChange = { kind: 'none' } | { kind: 'new' } | { kind: 'percent'; value: number };

export function statChange(current: number, previous: number): StatChange {
  if (previous === 0) return current === 0 ? { kind: 'none' } : { kind: 'new' };
  return { kind: 'percent', value: Math.round(((current - previous) / previous) * 100) };
}

/** The items by one measure, most first; equal ones by name, then events before places. */
export function sortStatsItems(items: StatsItem[], by: StatMeasure): StatsItem[] {
  return [...items].sort(
    (a, b) =>
      b.counts[by] - a.counts[by] ||
      a.name.localeCompare(b.name, 'pl') ||
      a.type.localeCompare(b.type) ||
      a.id - b.id,
  );
}
