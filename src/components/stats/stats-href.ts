import { apiUrl } from '@/lib/api-client';
import type { StatMeasure, StatPeriod } from '@/lib/stats-measures';

/** What /account/stats shows, kept in its address so every view works without JavaScript. */
export interface StatsView {
  days: StatPeriod;
  sort: StatMeasure;
  /** An admin looking at a company's figures (issue 28 point 5). */
  company?: number;
}

/** The page's address for a view; `hash` lands on a section (the table after sorting). */
export function statsHref(view: StatsView, hash = ''): string {
  const query = new URLSearchParams({ days: String(view.days), sort: view.sort });
  if (view.company) query.set('company', String(view.company));
  return `/account/stats?${query}${hash}`;
}

/** The CSV of the same period (GET /api/user/stats.csv). */
export function statsCsvHref(view: StatsView): string {
  return apiUrl('/api/user/stats.csv', { query: { days: view.days, company_id: view.company } });
}
