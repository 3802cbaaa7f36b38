import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { argValue } from '../scripts/cli';
import {
  bareServer,
  measure,
  type Row,
  runLabel,
  seconds,
  startPortal,
  upperPrice,
  writeBlock,
} from './harness';

// npm run bench:scale -- --database-url URL [--seconds 10] [--no-write]
// Issue 16: does a second portal process (WEB_CONCURRENCY=2) serve more than one? Measures a home page
// rendered every time and an uncached search at 10 and 50 connections with 1 and then 2 processes on a
// PostgreSQL database filled by `npm run seed:bench`, and the bare node:http server at both connection
// counts, and writes the table with the ratio (2 processes / 1 process) between the bench:scale markers
// of docs/benchmarks.md.

const databaseUrl = argValue('database-url') ?? '';
const write = !process.argv.includes('--no-write');
if (!databaseUrl) {
  console.error(
    '[bench] bench:scale needs --database-url (PostgreSQL): several processes cannot share the embedded database.',
  );
  process.exit(1);
}

const processCounts = [1, 2] as const;
const connectionCounts = [10, 50] as const;
const works = [
  { name: 'home page /?x={n}, rendered every time', path: '/', vary: (n: number) => `/?x=${n}` },
  {
    name: 'search: per_page=12&price_max={n}, each request different',
    path: '/api/event?per_page=12&price_max=200',
    vary: (n: number) => `/api/event?per_page=12&price_max=${upperPrice(n)}`,
  },
];

/** Rows keyed by `${processes} ${work} ${connections}`. */
const rows = new Map<string, Row>();
const key = (processes: number, work: string, connections: number) => `${processes} ${work} ${connections}`;
for (const processes of processCounts) {
  const portal = await startPortal({
    databaseUrl,
    dataDir: path.join(os.tmpdir(), 'portal-bench-scale'),
    env: { WEB_CONCURRENCY: String(processes) },
  });
  try {
    // The primary says so once every worker listens: a run that silently served with one process
    // would report a ratio of nothing.
    const serving = `${processes} processes are serving`;
    for (let i = 0; processes > 1 && !portal.output().includes(serving); i++) {
      if (i === 50) throw new Error(`server.ts never said "${serving}":\n${portal.output().trim()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const work of works)
      for (const connections of connectionCounts) {
        const row = await measure(work.name, `${portal.url}${work.path}`, work.vary, connections);
        rows.set(key(processes, work.name, connections), row);
        console.log(
          `${processes} process(es), ${connections} connections, ${row.name}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.errors} errors`,
        );
      }
  } finally {
    await portal.stop();
  }
}
// Measured with no portal running, as the machine's ceiling for the same connection counts.
const bare = await bareServer();
const bareRps = new Map<number, number>();
for (const connections of connectionCounts) {
  const row = await measure('bare node:http 2 KB JSON', bare.url, undefined, connections);
  bareRps.set(connections, row.rps);
  console.log(`bare node:http, ${connections} connections: ${row.rps} req/s`);
}
bare.close();

const fmt = (v: number) => v.toLocaleString('en');
const cell = (r: Row | undefined) =>
  r ? `${fmt(r.rps)} | ${r.p50} / ${r.p99}${r.errors ? ` (${fmt(r.errors)} errors)` : ''}` : '- | -';
const { date, commit } = runLabel();
const command = `npm run bench:scale -- ${process.argv.slice(2).join(' ')}`.trim();
const table = works.flatMap((work) =>
  connectionCounts.map((connections) => {
    const one = rows.get(key(1, work.name, connections));
    const two = rows.get(key(2, work.name, connections));
    const ratio = one?.rps && two ? (two.rps / one.rps).toFixed(2) : '-';
    return `| ${work.name} | ${connections} | ${cell(one)} | ${cell(two)} | ${ratio} | ${fmt(bareRps.get(connections) ?? 0)} |`;
  }),
);
const lines = [
  `PostgreSQL, ${date}, commit ${commit}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, ${seconds} s per row after a 2 s warm-up, \`${command}\``,
  '',
  '| work | connections | 1 process req/s | p50 / p99 ms | 2 processes req/s | p50 / p99 ms | ratio 2/1 | bare node:http req/s |',
  '|---|---|---|---|---|---|---|---|',
  ...table,
];
console.log(lines.join('\n'));
fs.mkdirSync('bench/results', { recursive: true });
fs.writeFileSync(
  `bench/results/scale-${Date.now()}.json`,
  JSON.stringify(
    { date, commit, rows: Object.fromEntries(rows), bare: Object.fromEntries(bareRps) },
    null,
    2,
  ),
);
if (write) writeBlock('scale', lines);
