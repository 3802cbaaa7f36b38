import 'server-only';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { getConfig } from '@/config';
import { jobLastRuns } from '@/server/jobs/periodic-job';
import { searchCacheCounts } from '@/server/search/search-cache';
import { countPoolConnections, oldestDueMailAge } from './database-metrics';

// The portal's own registry (not prom-client's global one, which libraries may fill), read by
// /api/metrics. Label values are always from small fixed sets: a label taking raw URLs or ids would
// grow a new series for each one, in this process's memory and in Prometheus's.

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'portal_' });

// A scrape must answer even while the database does not: what it cannot read now is left out.
const QUERY_TIMEOUT_MS = 2_000;

async function withinTimeout<T>(query: () => Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), QUERY_TIMEOUT_MS);
    timer.unref();
  });
  try {
    return await Promise.race([query(), timeout]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

const requestDuration = new Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'API requests by method, route pattern and status code, and how long they took',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

/** Records one API request; `route` is its pattern (`/api/event/:id`), undefined when none matched. */
export function observeRequest(method: string, route: string | undefined, status: number, seconds: number) {
  requestDuration.observe({ method, route: route ?? 'unmatched', status: String(status) }, seconds);
}

const pageKinds = new Set(['home', 'list', 'event', 'place', 'text', 'other']);
const textPages = /^\/(?:how-it-works|about-us|privacy|rule|contact)\/?$/;

/** The kind of page an address shows (without its /en prefix and query), for `observePage`. */
export function pageKind(path: string): string {
  const bare = path.split('?')[0] ?? '/';
  if (bare === '/') return 'home';
  if (/^\/list\/?$/.test(bare)) return 'list';
  if (/^\/event\/\d+\/?$/.test(bare)) return 'event';
  if (/^\/places\/\d+\/?$/.test(bare)) return 'place';
  if (textPages.test(bare)) return 'text';
  return 'other';
}

const pageDuration = new Histogram({
  name: 'portal_page_duration_seconds',
  help: 'Pages by kind, status code and page cache outcome, and how long they took',
  labelNames: ['kind', 'status', 'cache'] as const,
  registers: [metricsRegistry],
});

/** Records one page served by Next.js or the page cache (server.ts calls it when the response ends). */
export function observePage(
  kind: string,
  status: number,
  seconds: number,
  cache: 'hit' | 'miss' | 'bypass',
): void {
  pageDuration.observe(
    { kind: pageKinds.has(kind) ? kind : 'other', status: String(status), cache },
    seconds,
  );
}

export interface CacheCounts {
  hits: number;
  misses: number;
  /** What the cache holds now, for a cache kept within a byte budget. */
  bytes?: number;
}

// The caches count in plain numbers of their own (they know nothing of prom-client); the counter
// reads them at each scrape. The page cache belongs to the web layer, which adds itself.
const cacheSources = new Map<string, () => CacheCounts>([['search', searchCacheCounts]]);

/** Reports `read()`'s hits and misses as `portal_cache_requests_total{cache}`, its bytes as `portal_cache_bytes`. */
export function addCacheSource(cache: 'page', read: () => CacheCounts): void {
  cacheSources.set(cache, read);
}

new Counter({
  name: 'portal_cache_requests_total',
  help: 'Requests to the search and page caches, answered from memory (hit) or not (miss)',
  labelNames: ['cache', 'result'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [cache, read] of cacheSources) {
      const { hits, misses } = read();
      this.inc({ cache, result: 'hit' }, hits);
      this.inc({ cache, result: 'miss' }, misses);
    }
  },
});

new Gauge({
  name: 'portal_cache_bytes',
  help: 'Bytes held by the caches kept within a byte budget (keys, bodies and headers)',
  labelNames: ['cache'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [cache, read] of cacheSources) {
      const { bytes } = read();
      if (bytes !== undefined) this.set({ cache }, bytes);
    }
  },
});

new Gauge({
  name: 'portal_db_connections',
  help: "This process's connections to PostgreSQL by pool and state, as pg_stat_activity shows them",
  labelNames: ['role', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    const pools = (await withinTimeout(countPoolConnections)) ?? [];
    this.reset();
    for (const { role, active, idle } of pools) {
      this.set({ role, state: 'active' }, active);
      this.set({ role, state: 'idle' }, idle);
    }
  },
});

new Gauge({
  name: 'portal_db_pool_max',
  help: 'The most connections each pool of this process opens (DATABASE_POOL_SIZE)',
  labelNames: ['role'] as const,
  registers: [metricsRegistry],
  collect() {
    const config = getConfig();
    this.reset();
    if (!config.databaseUrl) return;
    this.set({ role: 'primary' }, config.databasePoolSize);
    if (config.databaseReadUrl) this.set({ role: 'replica' }, config.databasePoolSize);
  },
});

// Every process runs the jobs (a lock or SKIP LOCKED gives each piece of work to one of them), so across
// processes the latest run counts, and the outbox, one table, is as late as its oldest mail: 'max', not
// the sum of what each process sees.
new Gauge({
  name: 'portal_job_last_run_seconds',
  help: 'When each scheduled job last finished a run without error (unix time)',
  labelNames: ['job'] as const,
  aggregator: 'max',
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [job, finishedAt] of jobLastRuns()) this.set({ job }, finishedAt / 1000);
  },
});

new Gauge({
  name: 'portal_mail_outbox_due_seconds',
  help: 'How long the oldest mail that is due and unsent has waited since it was queued (0 when none)',
  aggregator: 'max',
  registers: [metricsRegistry],
  async collect() {
    // NaN (unknown) rather than 0 while the database does not answer: 0 would read as "all sent".
    this.set((await withinTimeout(() => oldestDueMailAge())) ?? Number.NaN);
  },
});
