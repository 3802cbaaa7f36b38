import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getConfig } from '@/config';
import { getDb } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { setDraining } from '@/server/health/check-readiness';
import { startPeriodicJob } from '@/server/jobs/periodic-job';
import { logger } from '@/server/log';
import { maxAttempts } from '@/server/mail/outbox';
import { getStorage } from '@/server/media/storage';
import { observePage, pageKind } from '@/server/metrics/portal-metrics';
import { closeRedis, connectRedis } from '@/server/redis';
import { pageCacheOutcome, servePage } from '@/web/page-cache';
import { setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { startPrivateRedis } from '../helpers/redis';
import { runScript } from '../helpers/run-script';

// Issue 16, operations: readiness beside liveness for the balancer, and Prometheus metrics behind a token.

const testDb = setupTestDb();
const api = setupApi();

const token = 'metrics-token-of-this-test-0123456789';
const savedToken = getConfig().metricsToken;
afterAll(() => {
  getConfig().metricsToken = savedToken;
  setDraining(false);
});

/** The value of one sample of the Prometheus text, matched by name and its exact set of labels. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    const wanted = Object.entries(labels);
    if (wanted.length === Object.keys(found).length && wanted.every(([k, v]) => found[k] === v))
      return Number(match[3]);
  }
  return undefined;
}

// Long enough for a NOTIFY from an earlier write (a visit counted) to arrive and empty the caches.
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

const scrape = async () => {
  const res = await api().inject({ url: '/api/metrics', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('GET /api/ready', () => {
  it('is 200 with the state of the database, Redis and the store, and nothing more', async () => {
    const res = await api().inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    // No REDIS_URL in the tests: Redis is not needed, so it is 'off', not 'down'.
    expect(res.json()).toEqual({ ready: true, database: 'ok', redis: 'off', storage: 'ok', draining: false });
  });

  it('says 503 once the process drains, while liveness stays 200', async () => {
    setDraining();
    try {
      const res = await api().inject({ url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        ready: false,
        database: 'ok',
        redis: 'off',
        storage: 'ok',
        draining: true,
      });
      expect((await api().inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      setDraining(false);
    }
    expect((await api().inject({ url: '/api/ready' })).statusCode).toBe(200);
  });

  it('follows a Redis that answers and one that went away, naming no cause', async () => {
    const redis = await startPrivateRedis();
    // The Redis client's outage warning, expected here.
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {});
    try {
      await connectRedis(redis.url);
      // Checks are shared for a second, so a change shows within about that.
      const ready = () => api().inject({ url: '/api/ready' });
      await vi.waitFor(
        async () => expect((await ready()).json()).toMatchObject({ ready: true, redis: 'ok' }),
        {
          timeout: 3_000,
        },
      );
      await redis.kill();
      await vi.waitFor(async () => expect((await ready()).statusCode).toBe(503), { timeout: 3_000 });
      expect((await ready()).json()).toEqual({
        ready: false,
        database: 'ok',
        redis: 'down',
        storage: 'ok',
        draining: false,
      });
    } finally {
      await closeRedis();
      warn.mockRestore();
    }
    await vi.waitFor(
      async () =>
        expect((await api().inject({ url: '/api/ready' })).json()).toMatchObject({
          ready: true,
          redis: 'off',
        }),
      { timeout: 3_000 },
    );
  });

  it('shares its checks for a second: a flood of probes makes one call to the store', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const check = vi.spyOn(getStorage(), 'check');
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => api().inject({ url: '/api/ready' })),
      );
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      expect(check).toHaveBeenCalledTimes(1);
    } finally {
      check.mockRestore();
    }
  });
});

describe('GET /api/metrics', () => {
  it('is a plain 404 while METRICS_TOKEN is not set, whatever is sent', async () => {
    getConfig().metricsToken = undefined;
    const bare = await api().inject({ url: '/api/metrics' });
    const unknown = await api().inject({ url: '/api/no-such-thing' });
    expect(bare.statusCode).toBe(404);
    expect(bare.body).toBe(unknown.body);
    const guessed = await api().inject({
      url: '/api/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(guessed.statusCode).toBe(404);
    expect(guessed.headers['www-authenticate']).toBeUndefined();
    // Not listed in the API's description either.
    const doc = (await api().inject({ url: '/api/docs' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/api/metrics');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/ready']));
  });

  it('asks for the bearer token once it is set, and refuses any other', async () => {
    getConfig().metricsToken = token;
    const wrong = [
      undefined,
      `Bearer ${token.slice(0, -1)}x`,
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, 16)}`,
      `Basic ${Buffer.from(`metrics:${token}`).toString('base64')}`,
      token,
    ];
    for (const authorization of wrong) {
      const res = await api().inject({
        url: '/api/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('portal_');
    }
    const right = await api().inject({ url: '/api/metrics', headers: { authorization: `bearer  ${token}` } });
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(right.headers['cache-control']).toBe('no-store');
    expect(sample(right.body, 'portal_process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('times API requests by route pattern and status, never by the raw address', async () => {
    getConfig().metricsToken = token;
    const before = await scrape();
    // Events nobody created: the route matched, the event was not found.
    const ids = [987654, 987655, 987656];
    const event = { method: 'GET', route: '/api/event/:id', status: '404' };
    const count = (text: string) => sample(text, 'portal_http_request_duration_seconds_count', event) ?? 0;
    for (const id of ids) expect((await api().inject({ url: `/api/event/${id}` })).statusCode).toBe(404);
    await api().inject({ url: '/api/category' });
    await api().inject({ url: '/api/no-such-thing/123' });
    await api().inject({ url: '/api/no-such-thing/456' });
    const after = await scrape();
    expect(count(after) - count(before)).toBe(3);
    expect(sample(after, 'portal_http_request_duration_seconds_bucket', { ...event, le: '+Inf' })).toBe(
      count(after),
    );
    const category = { method: 'GET', route: '/api/category', status: '200' };
    expect(sample(after, 'portal_http_request_duration_seconds_count', category)).toBeGreaterThanOrEqual(1);
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    expect(
      (sample(after, 'portal_http_request_duration_seconds_count', unmatched) ?? 0) -
        (sample(before, 'portal_http_request_duration_seconds_count', unmatched) ?? 0),
    ).toBe(2);
    for (const id of ids) expect(after).not.toContain(String(id));
    expect(after).not.toContain('no-such-thing');
  });

  it('counts the search cache hits and misses', async () => {
    getConfig().metricsToken = token;
    const counts = (text: string) => ({
      hit: sample(text, 'portal_cache_requests_total', { cache: 'search', result: 'hit' }) ?? -1,
      miss: sample(text, 'portal_cache_requests_total', { cache: 'search', result: 'miss' }) ?? -1,
    });
    const query = `/api/event?search=jazz&order_by=latest&limit=${7 + Math.floor(Math.random() * 5)}`;
    await settle();
    const before = counts(await scrape());
    await api().inject({ url: query });
    const once = counts(await scrape());
    await api().inject({ url: query });
    const twice = counts(await scrape());
    // A search also reads the attribute catalogue through the same cache (issue 30), so the counts are
    // compared as "a first search misses, the same search again is all hits".
    expect(once.miss).toBeGreaterThan(before.miss);
    expect(twice.hit).toBeGreaterThan(once.hit);
    expect(twice.miss).toBe(once.miss);
  });

  it('counts the page cache and times pages by kind and outcome, as server.ts reports them', async () => {
    getConfig().metricsToken = token;
    // As server.ts serves a page: through the cache, timed when the response has ended.
    const server = http.createServer((req, res) => {
      const started = performance.now();
      res.once('finish', () =>
        observePage(
          pageKind(req.url ?? '/'),
          res.statusCode,
          (performance.now() - started) / 1000,
          pageCacheOutcome(res),
        ),
      );
      servePage(req, res, () => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<p>page</p>');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await settle();
      const before = await scrape();
      const address = `/event/9${Math.floor(Math.random() * 1000)}`;
      // Rendered on the first and second request (kept on the second), then served from the cache.
      for (let n = 0; n < 4; n++) await (await fetch(base + address)).text();
      await (await fetch(`${base}/login`)).text();
      const after = await scrape();
      const delta = (name: string, labels: Record<string, string>) =>
        (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
      expect(delta('portal_cache_requests_total', { cache: 'page', result: 'miss' })).toBe(2);
      expect(delta('portal_cache_requests_total', { cache: 'page', result: 'hit' })).toBe(2);
      const page = (kind: string, cache: string) => ({ kind, status: '200', cache });
      expect(delta('portal_page_duration_seconds_count', page('event', 'miss'))).toBe(2);
      expect(delta('portal_page_duration_seconds_count', page('event', 'hit'))).toBe(2);
      expect(delta('portal_page_duration_seconds_count', page('other', 'bypass'))).toBe(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('reports how long the oldest due mail has waited, by the outbox rules', async () => {
    getConfig().metricsToken = token;
    const db = await getDb();
    const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);
    const mail = { to: 'a@example.com', subject: 's', text: 't' };
    expect(sample(await scrape(), 'portal_mail_outbox_due_seconds')).toBe(0);
    const rows = await db
      .insert(mailOutbox)
      .values([
        // Due for two minutes: the one that counts.
        { ...mail, createdAt: ago(120), nextAttemptAt: ago(60) },
        // Older, but waiting for its retry, given up on, or sent: none of them is due.
        { ...mail, createdAt: ago(3600), nextAttemptAt: ago(-600), attempts: 2 },
        { ...mail, createdAt: ago(7200), nextAttemptAt: ago(7000), attempts: maxAttempts },
        { ...mail, createdAt: ago(5400), nextAttemptAt: ago(5400), sentAt: ago(5300) },
      ])
      .returning({ id: mailOutbox.id });
    expect(rows).toHaveLength(4);
    const waited = sample(await scrape(), 'portal_mail_outbox_due_seconds') ?? 0;
    expect(waited).toBeGreaterThanOrEqual(120);
    expect(waited).toBeLessThan(180);
    await db.update(mailOutbox).set({ sentAt: new Date() });
    expect(sample(await scrape(), 'portal_mail_outbox_due_seconds')).toBe(0);
  });

  it('tells when each scheduled job last finished a run, and the pool of this process', async () => {
    getConfig().metricsToken = token;
    const stop = startPeriodicJob('operations-test', async () => {}, 60_000);
    await stop();
    const text = await scrape();
    const finished = sample(text, 'portal_job_last_run_seconds', { job: 'operations-test' }) ?? 0;
    expect(Math.abs(finished - Date.now() / 1000)).toBeLessThan(5);
    const active = sample(text, 'portal_db_connections', { role: 'primary', state: 'active' });
    if (testDb.handle().kind === 'postgres') {
      // At least the connection that asked pg_stat_activity is busy.
      expect(active).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'portal_db_pool_max', { role: 'primary' })).toBe(getConfig().databasePoolSize);
    } else {
      // The embedded database has no pool to report.
      expect(active).toBeUndefined();
      expect(text).not.toMatch(/^portal_db_/m);
    }
  });
});

describe('metrics of several processes', () => {
  let output: { text: string; pids: number[] };

  beforeAll(async () => {
    // A cluster primary with two workers (tests/helpers/cluster-metrics.ts), run as server.ts is.
    const { code, stdout, stderr } = await runScript(
      path.join(import.meta.dirname, '../helpers/cluster-metrics.ts'),
      process.env,
    );
    if (code !== 0) throw new Error(`cluster-metrics exited with ${code}: ${stderr}`);
    output = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
  });

  it('answers, from the worker asked, for every worker together', () => {
    const labels = { method: 'GET', route: '/api/cluster-test/:id', status: '200' };
    // Worker 1 recorded 3 requests of 10 ms, worker 2 four of 20 ms.
    expect(sample(output.text, 'portal_http_request_duration_seconds_count', labels)).toBe(7);
    expect(sample(output.text, 'portal_http_request_duration_seconds_sum', labels)).toBeCloseTo(0.11, 6);
    expect(
      sample(output.text, 'portal_http_request_duration_seconds_bucket', { ...labels, le: '0.01' }),
    ).toBe(3);
    expect(new Set(output.pids).size).toBe(2);
    // Each worker counted its own busy connection (named by its pid): the sum has both.
    expect(
      sample(output.text, 'portal_db_connections', { role: 'primary', state: 'active' }),
    ).toBeGreaterThanOrEqual(2);
    // One series per name: the workers' texts were merged, not concatenated.
    const helps = output.text.split('\n').filter((l) => l.startsWith('# HELP portal_http_request_duration'));
    expect(helps).toHaveLength(1);
  });
});
