import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { argValue } from '../scripts/cli';

// What `bench` (run-bench.ts) and `bench:scale` (scale-bench.ts) share: the bare node:http baseline, a
// portal started as `npm start` starts it, one measured row, the run's label and its block in
// docs/benchmarks.md.

/** Seconds per measured row (`--seconds`, 10 by default), after a 2 s warm-up. */
export const seconds = Number(argValue('seconds') ?? 10);

/** A server that answers a constant 2 KB JSON: what this machine can do with no work at all. */
export function bareServer(): Promise<{ url: string; close: () => void }> {
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

/** A port nothing listens on, so /api/health cannot be answered by some other server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface PortalOptions {
  /** PostgreSQL; empty for the embedded database in `dataDir`. */
  databaseUrl: string;
  dataDir: string;
  /** Extra environment, such as WEB_CONCURRENCY. */
  env?: Record<string, string>;
}

/**
 * Starts server.ts in production mode, as `npm start` does, and resolves once /api/health answers (with
 * WEB_CONCURRENCY, once every process listens). Rejects if the server exits first.
 */
export async function startPortal({
  databaseUrl,
  dataDir,
  env = {},
}: PortalOptions): Promise<{ url: string; output: () => string; stop: () => Promise<void> }> {
  const port = await freePort();
  // --profile DIR: the portal writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = argValue('profile');
  const child = spawn(
    process.execPath,
    [...(profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : []), '--import', 'tsx', 'server.ts'],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        // server.ts refuses to share a database without a signing secret of its own.
        ...(databaseUrl
          ? { UNSUBSCRIBE_SECRET: process.env.UNSUBSCRIBE_SECRET || 'portal-bench-unsubscribe-secret' }
          : {}),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'error',
        MAP_TILE_URL: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  // The last lines are kept to explain a failure and to show what started; reading them also keeps a
  // full pipe from blocking the server.
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  let exited: number | string | null = null;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = signal ?? code;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600 && exited === null; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  if (exited !== null)
    throw new Error(`server.ts exited (${exited}) before answering /api/health:\n${output.trim()}`);
  return {
    url,
    output: () => output,
    stop: () => {
      if (exited === null) child.kill('SIGTERM');
      return exit;
    },
  };
}

/** A different upper price on every request: a distinct search with the same work. */
export const upperPrice = (n: number) => 200 + (n % 50_000) / 100;

/** p-th percentile (0-100) of sorted latencies in ms. */
const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0) : 0;

let serial = 0;

/**
 * Runs autocannon at `connections` (10 unless told); `vary` gives every request a path of its own (so no cache can
 * answer it), and headers of its own where it says (a signed-in visitor's cookie), otherwise the same URL is
 * requested over and over. Latencies are recorded per response
 * so p95 is exact rather than autocannon's fixed p97.5.
 */
export async function measure(
  name: string,
  url: string,
  vary?: (n: number) => string | { path: string; headers: Record<string, string> },
  connections = 10,
) {
  const run = async (duration: number) => {
    const latencies: number[] = [];
    const result = await autocannon({
      url,
      connections,
      duration,
      requests: vary
        ? [
            {
              setupRequest: (req) => {
                const next = vary(++serial);
                return typeof next === 'string'
                  ? { ...req, path: next }
                  : { ...req, path: next.path, headers: { ...req.headers, ...next.headers } };
              },
            },
          ]
        : undefined,
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

export type Row = Awaited<ReturnType<typeof measure>>;

/** The day and the commit a run measured, saying so when the tree differs from it. */
export function runLabel(): { date: string; commit: string } {
  const date = new Date().toISOString().slice(0, 10);
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    }).trim();
    return { date, commit: dirty ? `${head} with uncommitted changes` : head };
  } catch {
    return { date, commit: 'unknown' };
  }
}

/**
 * Writes `lines` into docs/benchmarks.md between `<!-- bench:{marker}:start -->` and its end marker,
 * replacing the previous run; without the markers the block is added at the end.
 */
export function writeBlock(marker: string, lines: string[]): void {
  const doc = 'docs/benchmarks.md';
  const start = `<!-- bench:${marker}:start -->`;
  const end = `<!-- bench:${marker}:end -->`;
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
