import cluster from 'node:cluster';
import { openPostgres, setDbHandle } from '@/db/client';
import { scrapeMetrics, servePrimaryMetrics } from '@/server/metrics/cluster-metrics';
import { observeRequest } from '@/server/metrics/portal-metrics';

// Run with `node --import tsx` (TSX_TSCONFIG_PATH=tsconfig.node.json), as server.ts is: a cluster primary
// with two workers wired as server.ts wires them. Worker n records n + 2 requests to one route, then the
// first worker alone is asked to scrape; the primary prints what it answered as one JSON line
// ({ text, pids }) and stops everything. tests/integration/operations.test.ts reads it.

const workers = 2;
const route = '/api/cluster-test/:id';

if (cluster.isPrimary) {
  const stop = (code: number) => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exit(code);
  };
  setTimeout(() => {
    console.error('cluster-metrics: no answer within 30 s');
    stop(1);
  }, 30_000).unref();

  servePrimaryMetrics();
  const ready = new Set<number>();
  const forked = Array.from({ length: workers }, (_, n) => cluster.fork({ METRICS_WORKER: String(n + 1) }));
  cluster.on('exit', (worker, code) => {
    if (!ready.has(worker.id) || code !== 0) {
      console.error(`cluster-metrics: worker ${worker.process.pid} exited (${code})`);
      stop(1);
    }
  });
  cluster.on('message', (worker, message: { type?: string; text?: string; error?: string }) => {
    if (message.type === 'ready') {
      ready.add(worker.id);
      if (ready.size === workers) forked[0]?.send({ type: 'scrape' });
    } else if (message.type === 'scraped') {
      if (message.error) console.error(`cluster-metrics: ${message.error}`);
      console.log(JSON.stringify({ text: message.text, pids: forked.map((w) => w.process.pid) }));
      cluster.removeAllListeners('exit');
      stop(message.error ? 1 : 0);
    }
  });
} else {
  const n = Number(process.env.METRICS_WORKER);
  // A real database, so the pool's connections are counted as in production.
  setDbHandle(
    openPostgres(process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', { max: 2 }),
  );
  for (let i = 0; i < n + 2; i++) observeRequest('GET', route, 200, 0.01 * n);
  process.on('message', (message: { type?: string }) => {
    if (message.type !== 'scrape') return;
    scrapeMetrics().then(
      (text) => process.send?.({ type: 'scraped', text }),
      (error: Error) => process.send?.({ type: 'scraped', error: error.message }),
    );
  });
  process.send?.({ type: 'ready' });
}
