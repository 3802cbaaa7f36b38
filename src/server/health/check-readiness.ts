import 'server-only';
import { sql } from 'drizzle-orm';
import { getDbHandle } from '@/db/client';
import { getStorage } from '@/server/media/storage';
import { pingRedis } from '@/server/redis';

// Readiness, unlike liveness (/api/health), asks whether this process can serve a request now: the
// balancer stops sending it requests while it cannot, and while it drains before shutting down.
// A balancer probes every few seconds with a short timeout of its own, so a service that hangs counts
// as down after a bound shorter than that, never holding the probe open.
const CHECK_TIMEOUT_MS = 1_500;

export interface Readiness {
  ready: boolean;
  database: 'ok' | 'down';
  redis: 'ok' | 'down' | 'off';
  storage: 'ok' | 'down';
  draining: boolean;
}

// On globalThis like the rest of the process-wide state: Next.js bundles its own copy of this module.
const holder = globalThis as typeof globalThis & { __portalDraining?: { draining: boolean } };
holder.__portalDraining ??= { draining: false };
const state = holder.__portalDraining;

/**
 * Marks the process as shutting down (server.ts does it first on SIGTERM): readiness answers 503 from
 * then on, so the balancer stops sending new requests while the ones in progress finish.
 */
export function setDraining(draining = true): void {
  state.draining = draining;
}

/** Whether `check` settles within the timeout; its error, whatever it says, only makes it 'down'. */
async function passes(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
    timer.unref();
  });
  try {
    return await Promise.race([check().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

// The address is public: a flood of probes must not become a flood of queries, PINGs and billable
// HeadBucket requests. Checks made within a second are shared (a balancer probes every few seconds).
const REUSE_MS = 1_000;
const checks = globalThis as typeof globalThis & {
  __portalReadinessCheck?: { at: number; result: Promise<[boolean, Readiness['redis'], boolean]> };
};

function checkServices() {
  const last = checks.__portalReadinessCheck;
  if (last && Date.now() - last.at < REUSE_MS) return last.result;
  const result = Promise.all([
    passes(async () => (await getDbHandle()).db.execute(sql`select 1`)),
    // pingRedis has its own one-second bound and answers 'off' without REDIS_URL.
    pingRedis(),
    passes(() => getStorage().check()),
  ]);
  checks.__portalReadinessCheck = { at: Date.now(), result };
  return result;
}

/** The database, Redis and the object store, checked at once; ready when all answer and not draining. */
export async function checkReadiness(): Promise<Readiness> {
  const [database, redis, storage] = await checkServices();
  const draining = state.draining;
  return {
    ready: database && redis !== 'down' && storage && !draining,
    database: database ? 'ok' : 'down',
    redis,
    storage: storage ? 'ok' : 'down',
    draining,
  };
}
