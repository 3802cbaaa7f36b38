import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import postgres from 'postgres';
import { argValue } from '../scripts/cli';
import { runLabel, writeBlock } from './harness';

// npm run bench:fanout -- [--database-url URL] [--redis-url URL] [--messages 2000] [--no-write]
// Issue 16 asks that live changes reach every process through PostgreSQL LISTEN/NOTIFY or Redis, whichever
// is measured better, and that a short-lived cache be shared only where that is measured to help. This
// measures, one message at a time, how long a change takes from one connection to a listener on another
// (pg_notify against Redis PUBLISH), and what reading a kept page costs from this process's memory against a
// Redis GET of the same bytes.

const databaseUrl = argValue('database-url') ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = argValue('redis-url') ?? 'redis://127.0.0.1:6379';
const messages = Number(argValue('messages') ?? 2000);
const write = !process.argv.includes('--no-write');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

interface Row {
  name: string;
  p50: number;
  p99: number;
  perSecond: number;
}

/** Sends `messages` one after another, each once the previous one arrived at the listener. */
async function roundTrips(
  name: string,
  subscribe: (onMessage: (payload: string) => void) => Promise<void>,
  send: (payload: string) => Promise<unknown>,
): Promise<Row> {
  let waiting: ((payload: string) => void) | undefined;
  await subscribe((payload) => waiting?.(payload));
  let serial = 0;
  return timed(name, async () => {
    const payload = String(++serial);
    const arrived = new Promise<void>((resolve) => {
      waiting = (got) => {
        if (got === payload) resolve();
      };
    });
    await send(payload);
    await arrived;
  });
}

/** Runs `op` `messages` times one after another; latencies in ms. */
async function timed(name: string, op: () => Promise<unknown> | unknown): Promise<Row> {
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < messages; i++) {
    const t0 = performance.now();
    await op();
    latencies.push(performance.now() - t0);
  }
  const total = performance.now() - started;
  latencies.sort((x, y) => x - y);
  return {
    name,
    p50: Math.round(percentile(latencies, 50) * 10_000) / 10,
    p99: Math.round(percentile(latencies, 99) * 10_000) / 10,
    perSecond: Math.round((messages / total) * 1000),
  };
}

const listener = postgres(databaseUrl, { max: 1, onnotice: () => {} });
const notifier = postgres(databaseUrl, { max: 1, onnotice: () => {} });
const subscriber = new Redis(redisUrl);
const publisher = new Redis(redisUrl);

const rows: Row[] = [];
rows.push(
  await roundTrips(
    'PostgreSQL: pg_notify on one connection, LISTEN on another',
    async (on) => {
      await listener.listen('portal_bench_fanout', on);
    },
    (payload) => notifier`select pg_notify('portal_bench_fanout', ${payload})`,
  ),
);
rows.push(
  await roundTrips(
    'Redis: PUBLISH on one connection, SUBSCRIBE on another',
    async (on) => {
      await subscriber.subscribe('portal_bench_fanout');
      subscriber.on('message', (_channel, payload: string) => on(payload));
    },
    (payload) => publisher.publish('portal_bench_fanout', payload),
  ),
);

// A kept home page is about 194 KB (docs/benchmarks.md, issue 15).
const page = Buffer.alloc(194 * 1024, 'a');
const kept = new Map([['page:/', page]]);
await publisher.set('portal:bench:page', page);
rows.push(await timed('a kept 194 KB page from this process’s memory', () => kept.get('page:/')));
rows.push(
  await timed('the same 194 KB page from Redis (GET)', async () => publisher.getBuffer('portal:bench:page')),
);
await publisher.del('portal:bench:page');

await listener.end();
await notifier.end();
subscriber.disconnect();
publisher.disconnect();

const { date, commit } = runLabel();
const args = process.argv.slice(2).join(' ');
const command = `npm run bench:fanout${args ? ` -- ${args}` : ''}`;
const lines = [
  `${date}, commit ${commit}, ${messages} messages one after another, \`${command}\``,
  '',
  '| what | p50 µs | p99 µs | per second, one at a time |',
  '|---|---|---|---|',
  ...rows.map((r) => `| ${r.name} | ${r.p50} | ${r.p99} | ${r.perSecond.toLocaleString('en')} |`),
];
console.log(lines.join('\n'));
if (write) writeBlock('fanout', lines);
