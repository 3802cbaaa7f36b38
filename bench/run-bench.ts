import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { argValue } from '../scripts/cli';
import { benchSearches } from './queries';

// npm run bench -- [--database-url URL | --data-dir DIR] [--seconds 10] [--only REGEX] [--no-write]
// Measures, at 10 connections (one where a row says so), the search API, the home, list, event and place
// pages (rendered every time, and from the page cache) and their first-load JavaScript, of a portal
// started on a database filled by `npm run seed:bench`, beside a bare node:http server that answers a
// constant 2 KB JSON in the same run (so figures compare across machines). Each row says the target
// issue 15 sets for it, and whether this run met it. The table is written into docs/benchmarks.md
// between the markers of its database, with the date, the commit and the command.

const seconds = Number(argValue('seconds') ?? 10);
const databaseUrl = argValue('database-url') ?? '';
const dataDir = argValue('data-dir') ?? path.join(os.tmpdir(), 'portal-bench-pglite');
const label = databaseUrl ? 'PostgreSQL' : 'PGlite';
const only = argValue('only') ? new RegExp(argValue('only') as string, 'i') : null;
const write = !process.argv.includes('--no-write');

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
async function measure(name: string, url: string, vary?: (n: number) => string, connections = 10) {
  const run = async (duration: number) => {
    const latencies: number[] = [];
    const result = await autocannon({
      url,
      connections,
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

interface Target {
  name: string;
  url: string;
  vary?: (n: number) => string;
  connections?: number;
  /** Issue 15's target for the row, and its check. */
  goal?: { text: string; met: (r: Row) => boolean };
}
type Row = Awaited<ReturnType<typeof measure>>;

const rps = (min: number, p99?: number) => ({
  text: `≥ ${min.toLocaleString('en')} req/s${p99 ? `, p99 ≤ ${p99} ms` : ''}`,
  met: (r: Row) => r.rps >= min && (p99 === undefined || r.p99 <= p99),
});

const portal = await startPortal();
const bare = await bareServer();
const api = (query: string) => `${portal.url}/api/event?${query}`;
const textSearch = benchSearches['text + city + category + dates + prices'];
const distanceSearch = benchSearches['distance 25 km, order closest'];
const nearbySearch = benchSearches['nearby 20, closest first (home page, no radius)'];
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;
// Real ids to visit: the first upcoming events and the newest places.
const eventIds = ((await (await fetch(api('per_page=100'))).json()) as { data: { id: number }[] }).data.map(
  (e) => e.id,
);
const placeIds = (
  (await (await fetch(`${portal.url}/api/place?per_page=100`)).json()) as { data: { id: number }[] }
).data.map((p) => p.id);
const pick = (ids: number[], n: number) => ids[n % ids.length] as number;
// A different upper price on every request: a distinct search with the same work.
const price = (n: number) => 200 + (n % 50_000) / 100;

const targets: Target[] = [
  { name: 'bare node:http 2 KB JSON', url: bare.url },
  {
    name: 'home page /?x={n}, rendered every time',
    url: `${portal.url}/`,
    vary: (n) => `/?x=${n}`,
    goal: rps(150),
  },
  {
    name: 'home page /?x={n}, rendered every time, 1 connection',
    url: `${portal.url}/`,
    vary: (n) => `/?x=${n}`,
    connections: 1,
    goal: { text: 'p50 ≤ 10 ms', met: (r) => r.p50 <= 10 },
  },
  { name: 'home page /, anonymous (page cache)', url: `${portal.url}/` },
  {
    name: 'event page /event/{id}?x={n}, rendered every time',
    url: `${portal.url}/event/${eventIds[0]}`,
    vary: (n) => `/event/${pick(eventIds, n)}?x=${n}`,
    goal: rps(150),
  },
  {
    name: 'event page /event/{id}, anonymous (page cache)',
    url: `${portal.url}/event/${eventIds[0]}`,
    goal: rps(1_500),
  },
  {
    name: 'place page /places/{id}?x={n}, rendered every time',
    url: `${portal.url}/places/${placeIds[0]}`,
    vary: (n) => `/places/${pick(placeIds, n)}?x=${n}`,
    goal: rps(150),
  },
  {
    name: 'place page /places/{id}, anonymous (page cache)',
    url: `${portal.url}/places/${placeIds[0]}`,
    goal: rps(1_500),
  },
  {
    name: 'search: per_page=12&price_max={n}, each request different',
    url: api('per_page=12&price_max=200'),
    vary: (n) => pathOf(api(`per_page=12&price_max=${price(n)}`)),
    goal: rps(400, 50),
  },
  {
    name: 'search: search=koncert&price_max={n}, each request different',
    url: api('search=koncert&price_max=200'),
    vary: (n) => pathOf(api(`search=koncert&price_max=${price(n)}`)),
    goal: rps(400, 50),
  },
  { name: 'search: text + city + category + dates + prices, repeated', url: api(textSearch) },
  {
    name: 'search: text + city + category + dates + prices, each request different',
    url: api(textSearch),
    vary: (n) => pathOf(api(textSearch.replace('price_max=200', `price_max=${price(n)}`))),
  },
  {
    name: 'search: distance 25 km, order closest, each request different',
    url: api(distanceSearch),
    vary: (n) =>
      pathOf(api(distanceSearch.replace('lat=52.2297', `lat=${(52.2297 + (n % 10_000) / 1e7).toFixed(7)}`))),
  },
  {
    // Every visitor who shares a location asks for the events nearest to them: never the same search.
    name: 'search: nearby 20, closest first (home page), each request different',
    url: api(nearbySearch),
    vary: (n) =>
      pathOf(api(nearbySearch.replace('lat=50.0614', `lat=${(50.0614 + (n % 10_000) / 1e5).toFixed(5)}`))),
  },
  {
    name: 'list page /list?search=koncert, anonymous (page cache)',
    url: `${portal.url}/list?search=koncert`,
  },
  {
    name: 'list page /list?search=koncert&price_max={n}, rendered every time',
    url: `${portal.url}/list?search=koncert`,
    vary: (n) => `/list?search=koncert&price_max=${price(n)}`,
  },
];
const results: (Row & { target?: string; met?: boolean })[] = [];
for (const t of targets) {
  if (only && results.length > 0 && !only.test(t.name)) continue;
  const row = await measure(t.name, t.url, t.vary, t.connections);
  results.push({ ...row, target: t.goal?.text, met: t.goal?.met(row) });
  console.log(`${row.name}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms`);
}
const js = {
  home: await firstLoadJs(`${portal.url}/`),
  list: await firstLoadJs(`${portal.url}/list`),
  event: await firstLoadJs(`${portal.url}/event/${eventIds[0]}`),
  place: await firstLoadJs(`${portal.url}/places/${placeIds[0]}`),
};
await portal.stop();
bare.close();

const fmt = (v: number) => v.toLocaleString('en');
const date = new Date().toISOString().slice(0, 10);
const commit = (() => {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    }).trim();
    return dirty ? `${head} with uncommitted changes` : head;
  } catch {
    return 'unknown';
  }
})();
const command = `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim();
const lines = [
  `${label}, ${date}, commit ${commit}, ${os.cpus().length} cores, Node ${process.version}, ${seconds} s per row after a 2 s warm-up, \`${command}\``,
  '',
  '| row | req/s | p50 ms | p95 ms | p99 ms | errors | bare node:http req/s | target | met |',
  '|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.name} | ${fmt(r.rps)} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} | ${fmt(results[0]?.rps ?? 0)} | ${r.target ?? ''} | ${r.target ? (r.met ? 'yes' : '**no**') : ''} |`,
  ),
  '',
  `First-load JavaScript (gzip, module scripts): home ${js.home} KB, list ${js.list} KB, event ${js.event} KB, place ${js.place} KB (target ≤ 150 KB: ${Object.values(js).every((kb) => kb <= 150) ? 'met' : '**not met**'}).`,
];
console.log(lines.join('\n'));
fs.mkdirSync('bench/results', { recursive: true });
fs.writeFileSync(
  `bench/results/${label.toLowerCase()}-${Date.now()}.json`,
  JSON.stringify({ label, date, commit, results, js }, null, 2),
);
if (write && !only) {
  const doc = 'docs/benchmarks.md';
  const start = `<!-- bench:${label.toLowerCase()}:start -->`;
  const end = `<!-- bench:${label.toLowerCase()}:end -->`;
  const text = fs.readFileSync(doc, 'utf8');
  const block = `${start}\n${lines.join('\n')}\n${end}`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  fs.writeFileSync(
    doc,
    from >= 0 && to > from
      ? text.slice(0, from) + block + text.slice(to + end.length)
      : `${text}\n${block}\n`,
  );
  console.log(`Written to ${doc}.`);
}
