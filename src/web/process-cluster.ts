import cluster, { type Worker } from 'node:cluster';

// WEB_CONCURRENCY=N: the primary forks N identical portal processes that share the port (node:cluster
// hands out connections in turn) and starts another when one dies. The primary serves no request; it
// has migrated the database before forking, so workers start straight away.

const restartWindowMs = 60_000;
const longestRestartDelayMs = 10_000;

export interface ClusterOptions {
  workers: number;
  say: (line: string) => void;
  /** Extra environment for the workers. */
  env?: Record<string, string>;
}

/** Forks the workers and keeps them running until SIGTERM or SIGINT, which stops them all gracefully. */
export function runCluster({ workers, say, env = {} }: ClusterOptions): void {
  let stopping = false;
  const deaths: number[] = [];
  const listening = new Set<number>();

  const fork = () => cluster.fork({ ...env, PORTAL_WORKER: '1' });

  cluster.on('listening', (worker, address) => {
    listening.add(worker.id);
    if (listening.size === workers)
      say(`${workers} processes are serving on port ${address.port} (pids ${pids().join(', ')}).`);
  });

  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker.id);
    if (stopping) return;
    // A process that keeps dying (a bad deployment, a database that went away) is restarted ever more
    // slowly instead of in a tight loop.
    const now = Date.now();
    deaths.push(now);
    while (deaths.length && (deaths[0] ?? now) < now - restartWindowMs) deaths.shift();
    const delay = Math.min(100 * 2 ** (deaths.length - 1), longestRestartDelayMs);
    say(
      `Process ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another in ${delay} ms.`,
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal} received: stopping ${Object.keys(cluster.workers ?? {}).length} processes…`);
    const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    const force = setTimeout(() => {
      say('Processes did not stop in time: killing them.');
      for (const worker of running) worker.process.kill('SIGKILL');
      process.exit(1);
    }, 30_000);
    force.unref();
    let failed = false;
    void Promise.all(
      running.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', (code) => {
              if (code !== 0) failed = true;
              resolve();
            });
            // Each worker drains itself on SIGTERM (server.ts): stops accepting, finishes its requests,
            // closes its streams and jobs.
            worker.process.kill('SIGTERM');
          }),
      ),
    ).then(() => {
      say(failed ? 'A process did not close cleanly.' : 'Closed cleanly.');
      process.exit(failed ? 1 : 0);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  for (let i = 0; i < workers; i++) fork();
}

function pids(): number[] {
  return Object.values(cluster.workers ?? {}).flatMap((w) => (w?.process.pid ? [w.process.pid] : []));
}
