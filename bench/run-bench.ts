import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { argValue } from '../scripts/cli';

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

async function measure(name: string, url: string) {
  // A short warm-up fills caches and JIT before the measured run.
  await autocannon({ url, connections: 10, duration: 2 });
  const r = await autocannon({ url, connections: 10, duration: seconds });
  return {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p95: (r.latency as unknown as Record<string, number>).p97_5 ?? r.latency.p99,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

async function firstLoadJs(pageUrl: string): Promise<number> {
  const html = await (await fetch(pageUrl)).text();
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1] as string);
  let total = 0;
  for (const src of new Set(scripts)) {
    const body = Buffer.from(await (await fetch(new URL(src, pageUrl))).arrayBuffer());
    total += gzipSync(body).length;
  }
  return Math.round(total / 1024);
}

const portal = await startPortal();
const bare = await bareServer();
const today = new Date();
const in30 = new Date(today.getTime() + 30 * 86_400_000);
const day = (d: Date) => d.toISOString().slice(0, 10);
const targets: [string, string][] = [
  ['bare node:http 2 KB JSON', bare.url],
  [
    'search: text + city + category + dates + prices',
    `${portal.url}/api/event?search=koncert&localization=Krak%C3%B3w&category_id=1&date_from=${day(today)}&date_end=${day(in30)}&price_min=10&price_max=200`,
  ],
  [
    'search: distance 25 km, order closest',
    `${portal.url}/api/event?lat=52.2297&lng=21.0122&max_distance=25&order_by=closest`,
  ],
  ['home page /', `${portal.url}/`],
  ['list page /list', `${portal.url}/list?search=koncert#event_type`],
];
const results = [];
for (const [name, url] of targets) results.push(await measure(name, url));
const js = { home: await firstLoadJs(`${portal.url}/`), list: await firstLoadJs(`${portal.url}/list`) };
await portal.stop();
bare.close();

const lines = [
  `${label}, ${os.cpus().length} cores, Node ${process.version}, ${seconds} s per target, 10 connections`,
  '| target | req/s | p50 ms | p97.5 ms | p99 ms | errors |',
  '|---|---|---|---|---|---|',
  ...results.map((r) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} |`),
  `First-load JavaScript (gzip): home ${js.home} KB, list ${js.list} KB`,
];
console.log(lines.join('\n'));
fs.mkdirSync('bench/results', { recursive: true });
fs.writeFileSync(
  `bench/results/${label.toLowerCase()}-${Date.now()}.json`,
  JSON.stringify({ label, results, js }, null, 2),
);
