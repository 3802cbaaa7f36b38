import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse } from 'node:url';
import { routesToApi } from './src/api/routing';
import { ConfigError, checkServingConfig, getConfig } from './src/config';

// One HTTP server: /api, /oauth and /media go to Fastify (the fast JSON router), the rest to
// Next.js (the pages). See DESIGN.md "Shape of the system". With WEB_CONCURRENCY=N this process becomes
// the primary of N identical ones (src/web/process-cluster.ts), which run the rest of main() as workers.
const dev = process.argv.includes('--dev');
const worker = cluster.isWorker;
const say = (line: string) => console.log(worker ? `[portal ${process.pid}] ${line}` : `[portal] ${line}`);

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

  const { openConfiguredDb, setDbHandle, closeDb, withReadPreference } = await import('./src/db/client');
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
  const { refreshPageSession } = await import('./src/web/page-session');
  const { servePage, pageCacheOutcome } = await import('./src/web/page-cache');
  const { observePage, pageKind } = await import('./src/server/metrics/portal-metrics');
  const { countCachedVisit } = await import('./src/web/cached-visit');
  const { assignVisitor } = await import('./src/web/visitor-cookie');
  const { clientAddress, compileTrust } = await import('./src/web/client-address');
  const trustProxy = compileTrust(config.trustProxy);
  const { newNonce, securePage } = await import('./src/web/security-headers');
  const { applyLocalePrefix } = await import('./src/web/locale-prefix');
  const { sendFormPostBack } = await import('./src/web/page-post');
  const { mayReadReplica } = await import('./src/web/read-preference');
  // Development renders every time, so that edits show at once.
  const renderPage: typeof servePage = dev ? (_req, _res, render) => render() : servePage;
  const { startMailWorker } = await import('./src/server/mail/outbox');
  const stopMailWorker = startMailWorker();
  const { startReminderJob } = await import('./src/server/reminders/reminder-job');
  const stopReminderJob = startReminderJob();
  const { startPlanExpiryJob } = await import('./src/server/payments/plan-expiry');
  const stopPlanExpiryJob = startPlanExpiryJob();
  const { startImportJob } = await import('./src/server/imports/import-job');
  const stopImportJob = startImportJob();
  const { startSeriesJob } = await import('./src/server/events/series-job');
  const stopSeriesJob = startSeriesJob();
  const { startEmbeddedMaintenanceJob } = await import('./src/server/jobs/embedded-maintenance');
  const stopEmbeddedMaintenanceJob = startEmbeddedMaintenanceJob();
  const { startUnconfirmedCleanupJob } = await import('./src/server/accounts/unconfirmed');
  const stopUnconfirmedCleanupJob = startUnconfirmedCleanupJob();
  const { startPromotionReportJob } = await import('./src/server/stats/promotion-report');
  const stopPromotionReportJob = startPromotionReportJob();
  // Issue 33: places offered from a waiting list and not confirmed in time pass on to the next in line.
  const { startOfferExpiryJob } = await import('./src/server/registrations/offer-expiry');
  const stopOfferExpiryJob = startOfferExpiryJob();
  // Issue 28: the statistics' counts, written in batches every few seconds and once more at shutdown.
  const { startStatsFlusher } = await import('./src/server/stats/counter');
  const stopStatsFlusher = startStatsFlusher();
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
  const api = await buildApi({
    serverFactory: (handleApi) =>
      http.createServer((req, res) => {
        const url = req.url ?? '/';
        if (routesToApi(url)) return handleApi(req, res);
        if (url.startsWith('/_next/')) {
          res.setHeader('X-Content-Type-Options', 'nosniff');
          return handleNext(req, res, parse(url, true));
        }
        if (sendFormPostBack(req, res)) return;
        // English pages live under /en (src/web/locale-prefix.ts); from here on the path is unprefixed.
        applyLocalePrefix(req);
        const page = req.url ?? '/';
        const started = performance.now();
        res.once('finish', () =>
          observePage(
            pageKind(page),
            res.statusCode,
            (performance.now() - started) / 1000,
            pageCacheOutcome(res),
          ),
        );
        securePage(req, res, { config, nonce: newNonce(), dev });
        // Pages count visits per visitor; they get the peer address from here, never from the client.
        req.headers['x-portal-client-ip'] = clientAddress(req, trustProxy);
        // Visitors who are not signed in may be served from the read replica (DATABASE_READ_URL).
        withReadPreference(mayReadReplica(req.method, req.headers), () =>
          refreshPageSession(req, res)
            .catch((error) => console.error('[portal] session refresh failed:', error))
            .then(() => assignVisitor(req, res))
            .finally(() =>
              renderPage(
                req,
                res,
                () => {
                  // The page cache may have dropped query parameters no page reads: what is rendered
                  // is the address it keeps the copy by. The layout's search bar shows its search
                  // without waiting for the client.
                  const rendered = req.url ?? '/';
                  req.headers['x-portal-url'] = rendered;
                  handleNext(req, res, parse(rendered, true));
                },
                countCachedVisit,
              ),
            ),
        );
      }),
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
      console.error('[portal] Requests or jobs did not finish in 20 s: exiting anyway.');
      process.exit(1);
    }, 20_000);
    force.unref();
    try {
      // Readiness answers 503 from now on; closing stops accepting connections, waits for the requests
      // in progress and ends the live streams; then the jobs finish the run they are in.
      setDraining();
      await api.close();
      await stopReminderJob();
      await stopPlanExpiryJob();
      await stopImportJob();
      await stopSeriesJob();
      await stopEmbeddedMaintenanceJob();
      await stopUnconfirmedCleanupJob();
      await stopPromotionReportJob();
      await stopOfferExpiryJob();
      await stopStatsFlusher();
      await stopMailWorker();
      await closeRedis();
      await closeDb();
      say('Closed cleanly.');
      process.exit(0);
    } catch (error) {
      console.error('[portal] Closing failed:', error);
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
