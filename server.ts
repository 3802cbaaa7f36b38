import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { routesToApi } from './src/api/routing';
import { ConfigError, checkServingConfig, getConfig } from './src/config';
import { lifecycle, logger } from './src/server/log';

// One HTTP server: /api, /oauth and /media go to Fastify (the fast JSON router), the rest to
// Next.js (the pages). See DESIGN.md "Shape of the system". With WEB_CONCURRENCY=N this process becomes
// the primary of N identical ones (src/web/process-cluster.ts), which run the rest of main() as workers.
const dev = process.argv.includes('--dev');
const worker = cluster.isWorker;
// Progress goes to the process's one logger (JSON lines, each with its pid). A refusal to start (a wrong
// setting, a service that does not answer) is one plain line on stderr instead: a person reads it, and no
// logger is configured yet when the configuration itself is wrong.
const say = (line: string) => lifecycle.info(line);

/** Redis and the object store, when configured, must answer before anything starts. */
async function checkServices(): Promise<string | null> {
  const { connectRedis } = await import('./src/server/redis');
  const { getStorage } = await import('./src/server/media/storage');
  try {
    await connectRedis();
    await getStorage().check();
    return null;
  } catch (error) {
    return (error as Error).message.split('\n')[0] ?? String(error);
  }
}

async function main() {
  let config: ReturnType<typeof getConfig>;
  try {
    config = getConfig();
    checkServingConfig(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const failure = await checkServices();
  if (failure) {
    console.error(`[portal] ${failure}`);
    process.exit(1);
  }
  // A secret left unset is generated now, on the first start, rather than at the first mail.
  if (!config.sharedDeployment) {
    const { signingSecret } = await import('./src/server/signing-secrets');
    try {
      signingSecret('UNSUBSCRIBE_SECRET');
    } catch (error) {
      console.error(`[portal] ${(error as Error).message}`);
      process.exit(1);
    }
  }

  if (!worker && !dev && !fs.existsSync(path.join(process.cwd(), config.nextDistDir, 'BUILD_ID'))) {
    say('No production build found: building the pages once (this takes a few minutes)…');
    const result = spawnSync(
      process.execPath,
      [createRequire(import.meta.url).resolve('next/dist/bin/next'), 'build'],
      {
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    if (result.status !== 0) {
      console.error('[portal] The build failed; see the output above.');
      process.exit(1);
    }
  }

  // A new embedded database is created and filled by a process of its own: loading the demo grows the
  // database's WebAssembly memory and the heap, which never give it back (measured: the portal served at
  // 690 MB RSS after seeding itself, 460 MB after a restart). PostgreSQL keeps that memory in its own.
  if (
    !worker &&
    config.seedDemo &&
    !config.databaseUrl &&
    !fs.existsSync(path.join(config.pgliteDir, 'PG_VERSION'))
  ) {
    say('New embedded database: creating it and loading the demo data…');
    const seeding = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'scripts/db-seed.ts')],
      {
        stdio: 'inherit',
        env: process.env,
      },
    );
    if (seeding.status !== 0) {
      console.error('[portal] Loading the demo data failed; see the output above.');
      process.exit(1);
    }
  }

  const { openConfiguredDb, setDbHandle, closeDb } = await import('./src/db/client');
  const { migrate } = await import('./src/db/migrate');
  say(
    config.databaseUrl
      ? 'Connecting to PostgreSQL…'
      : `Opening the embedded database in ${config.pgliteDir}…`,
  );
  let handle: Awaited<ReturnType<typeof openConfiguredDb>>;
  try {
    handle = await openConfiguredDb();
  } catch (error) {
    console.error(`[portal] ${(error as Error).message}`);
    process.exit(1);
  }
  setDbHandle(handle);
  // Workers start after their primary has prepared the database.
  if (!worker) {
    const { withStartupLock } = await import('./src/db/startup-lock');
    const { ensureFirstPartyClient } = await import('./src/server/auth/tokens');
    const { seedDemoIfEmpty } = await import('./src/seed/demo');
    await withStartupLock(handle, config.databaseUrl, async () => {
      say('Applying database migrations…');
      await migrate(handle);
      await ensureFirstPartyClient();
      if (config.seedDemo) await seedDemoIfEmpty({ log: say });
    });
  }

  if (!worker && config.webConcurrency > 1) {
    await closeDb();
    const { closeRedis } = await import('./src/server/redis');
    await closeRedis();
    const { runCluster } = await import('./src/web/process-cluster');
    // Any worker answers a scrape for all: it asks the primary, which collects from each.
    const { servePrimaryMetrics } = await import('./src/server/metrics/cluster-metrics');
    servePrimaryMetrics();
    say(`Starting ${config.webConcurrency} processes…`);
    runCluster({ workers: config.webConcurrency, say });
    return;
  }

  const { default: next } = await import('next');
  const nextApp = next({ dev, dir: process.cwd() });
  const handleNext = nextApp.getRequestHandler();
  say(dev ? 'Starting Next.js in development mode…' : 'Starting Next.js…');
  await nextApp.prepare();

  const { buildApi } = await import('./src/api/app');
  const { closeRedis } = await import('./src/server/redis');
  const { setDraining } = await import('./src/server/health/check-readiness');
  const { createPageHandler } = await import('./src/web/page-request');
  const { startBackgroundJobs } = await import('./src/server/jobs/background-jobs');
  const stopJobs = startBackgroundJobs();
  const { paymentProvider } = await import('./src/server/payments/providers/provider');
  say(
    paymentProvider().name === 'payu'
      ? `Payments: PayU at ${config.payu?.baseUrl}`
      : 'Payments: local test provider (no PAYU_* set; nothing is charged)',
  );
  say(
    config.seller.demo
      ? 'Invoices: a demo seller marked DEMO (no SELLER_* set)'
      : `Invoices: issued by ${config.seller.name}`,
  );
  const handlePage = createPageHandler({ config, dev, handleNext });
  const api = await buildApi({
    serverFactory: (handleApi) =>
      http.createServer((req, res) =>
        routesToApi(req.url ?? '/') ? handleApi(req, res) : handlePage(req, res),
      ),
  });
  await api.ready();
  await api.listen({ port: config.port, host: config.host });
  say(`Ready on ${config.publicUrl}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal} received: closing…`);
    const force = setTimeout(() => {
      logger.error('Requests or jobs did not finish in 20 s: exiting anyway.');
      process.exit(1);
    }, 20_000);
    force.unref();
    try {
      // Readiness answers 503 from now on; closing stops accepting connections, waits for the requests
      // in progress and ends the live streams; then the jobs finish the run they are in.
      setDraining();
      await api.close();
      await stopJobs();
      await closeRedis();
      await closeDb();
      say('Closed cleanly.');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'Closing failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error('[portal] Start-up failed:', error);
  process.exit(1);
});
