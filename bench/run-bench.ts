import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { argValue } from '../scripts/cli';
import { benchSearches } from './queries';

// npm run bench -- [--database-url URL | --data-dir DIR] [--seconds 10]
// Measures, at 10 connections, the search API, the distance search, the home page and the list page of
// a portal started on a database filled by `npm run seed:bench`, beside a bare node:http server that
// answers a constant 2 KB JSON in the same run (so figures compare across machines).

const seconds = Number(argValue('seconds') ?? 10);
const databaseUrl = argValue('database-url') ?? '';
const dataDir = argValue('data-dir') ?? path.join(os.tmpdir(), 'portal-bench-pglite');
const label = databaseUrl ? 'PostgreSQL' : 'PGlite';

function bareServer(): Promise<{ url: string; close: () => void }> {
  const body = JSON.stringify({
    data: Array.from({ length: 20 }, (_, i) => ({ id: i, name: `Event ${i}`.padEnd(80, '.') })),
  });
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        close: () => server.close(),
      }),
    ),
  );
}

async function startPortal(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = 3900 + Math.floor(Math.random() * 50);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
      MAP_TILE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** p-th percentile (0-100) of sorted latencies in ms. */
const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0) : 0;

let serial = 0;

/**
 * Runs autocannon at 10 connections; `vary` gives every request a path of its own (so no cache can
 * answer it), otherwise the same URL is requested over and over. Latencies are recorded per response
 * so p95 is exact rather than autocannon's fixed p97.5.
 */
async function measure(name: string, url: string, vary?: (n: number) => string) {
  const run = async (duration: number) => {
    const latencies: number[] = [];
    const result = await autocannon({
      url,
      connections: 10,
      duration,
      requests: vary ? [{ setupRequest: (req) => ({ ...req, path: vary(++serial) }) }] : undefined,
      setupClient: (client) => {
        client.on('response', (_status: number, _bytes: number, time: number) => latencies.push(time));
      },
    });
    return { result, latencies: latencies.sort((a, b) => a - b) };
  };
  // A short warm-up fills caches and JIT before the measured run.
  await run(2);
  const { result, latencies } = await run(seconds);
  const ms = (v: number) => Math.round(v * 10) / 10;
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: ms(percentile(latencies, 50)),
    p95: ms(percentile(latencies, 95)),
    p99: ms(percentile(latencies, 99)),
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

async function firstLoadJs(pageUrl: string): Promise<number> {
  const html = await (await fetch(pageUrl)).text();
  // Scripts marked nomodule (Next.js's legacy polyfills) are skipped by every browser that runs modules.
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"[^>]*>/g)]
    .filter((m) => !/nomodule/i.test(m[0]))
    .map((m) => m[1] as string);
  let total = 0;
  for (const src of new Set(scripts)) {
    const body = Buffer.from(await (await fetch(new URL(src, pageUrl))).arrayBuffer());
    total += gzipSync(body).length;
  }
  return Math.round(total / 1024);
}

const portal = await startPortal();
const bare = await bareServer();
const api = (query: string) => `${portal.url}/api/event?${query}`;
const textSearch = benchSearches['text + city + category + dates + prices'];
const distanceSearch = benchSearches['distance 25 km, order closest'];
const nearbySearch = benchSearches['nearby 20, closest first (home page, no radius)'];
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;
const targets: [string, string, ((n: number) => string)?][] = [
  ['bare node:http 2 KB JSON', bare.url],
  ['search: text + city + category + dates + prices, repeated', api(textSearch)],
  [
    'search: text + city + category + dates + prices, each request different',
    api(textSearch),
    // A different upper price each time: a distinct search with the same work.
    (n) => pathOf(api(textSearch.replace('price_max=200', `price_max=${200 + (n % 50_000) / 100}`))),
  ],
  ['search: distance 25 km, order closest, repeated', api(distanceSearch)],
  [
    'search: distance 25 km, order closest, each request different',
    api(distanceSearch),
    (n) =>
      pathOf(api(distanceSearch.replace('lat=52.2297', `lat=${(52.2297 + (n % 10_000) / 1e7).toFixed(7)}`))),
  ],
  [
    // Every visitor who shares a location asks for the events nearest to them: never the same search.
    'search: nearby 20, closest first (home page), each request different',
    api(nearbySearch),
    (n) =>
      pathOf(api(nearbySearch.replace('lat=50.0614', `lat=${(50.0614 + (n % 10_000) / 1e5).toFixed(5)}`))),
  ],
  ['home page /, anonymous', `${portal.url}/`],
  ['home page /, rendered every time', `${portal.url}/`, (n) => `/?bench=${n}`],
  ['list page /list?search=koncert, anonymous', `${portal.url}/list?search=koncert`],
  [
    'list page /list?search=…, rendered every time',
    `${portal.url}/list?search=koncert`,
    (n) => `/list?search=koncert&price_max=${200 + (n % 50_000) / 100}`,
  ],
];
const results: Awaited<ReturnType<typeof measure>>[] = [];
for (const [name, url, vary] of targets) results.push(await measure(name, url, vary));
const js = { home: await firstLoadJs(`${portal.url}/`), list: await firstLoadJs(`${portal.url}/list`) };
await portal.stop();
bare.close();

const lines = [
  `${label}, ${os.cpus().length} cores, Node ${process.version}, ${seconds} s per target, 10 connections`,
  '| target | req/s | p50 ms | p95 ms | p99 ms | errors | bare node:http req/s |',
  '|---|---|---|---|---|---|---|',
  ...results.map(
    (r) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} | ${results[0]?.rps} |`,
  ),
  `First-load JavaScript (gzip): home ${js.home} KB, list ${js.list} KB`,
];
console.log(lines.join('\n'));
fs.mkdirSync('bench/results', { recursive: true });
fs.writeFileSync(
  `bench/results/${label.toLowerCase()}-${Date.now()}.json`,
  JSON.stringify({ label, results, js }, null, 2),
);
