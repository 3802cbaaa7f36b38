import 'server-only';
import { Redis } from 'ioredis';
import { getConfig } from '@/config';
import { logger } from '@/server/log';

// Redis holds what several portal processes must agree on (rate limits and lockouts). It is optional:
// without REDIS_URL each process counts in its own memory, as the embedded default does. One client per
// process, on globalThis because Next.js bundles its own copy of this module beside server.ts's.

interface RedisState {
  client?: Redis;
  /** Whether the client has been ready since the last outage warning (one line per outage). */
  healthy: boolean;
}

const holder = globalThis as typeof globalThis & { __portalRedis?: RedisState };
holder.__portalRedis ??= { healthy: true };
const state = holder.__portalRedis;

const say = (line: string) => logger.warn(`redis: ${line}`);

function newClient(url: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3_000,
    // A command while Redis is away fails at once, so a limit falls back to this process's memory
    // instead of making the request wait for a reconnect.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // A Redis that accepts the connection but does not answer must not hold requests up either.
    commandTimeout: 500,
    // Reconnects forever, at most every 2 s: Redis coming back is noticed without a restart.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
}

/** A message naming the cause of a failed connection, without the URL's password. */
function reason(error: unknown): string {
  const e = error as NodeJS.ErrnoException & { errors?: Error[] };
  return e.code ?? e.errors?.[0]?.message ?? e.message ?? String(error);
}

/**
 * Connects the process's client and checks it with a PING; throws one line naming REDIS_URL when Redis
 * cannot be reached, so start-up stops instead of running with limits nobody shares.
 */
export async function connectRedis(url = getConfig().redisUrl): Promise<Redis | null> {
  if (!url) return null;
  if (state.client) return state.client;
  const client = newClient(url);
  // connect() itself rejects with "Connection is closed"; the socket's own error says why.
  let cause: unknown;
  const remember = (error: unknown) => {
    cause ??= error;
  };
  client.on('error', remember);
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    throw new Error(`Invalid configuration: REDIS_URL cannot be reached (${reason(cause ?? error)})`);
  } finally {
    client.off('error', remember);
  }
  client.on('error', (error) => {
    if (!state.healthy) return;
    state.healthy = false;
    say(`Redis is unreachable (${reason(error)}): rate limits count in each process until it is back`);
  });
  client.on('ready', () => {
    if (state.healthy) return;
    state.healthy = true;
    say('Redis is back: rate limits are shared again');
  });
  state.client = client;
  return client;
}

/** The connected client, or null when REDIS_URL is not set (or start-up has not connected it). */
export function getRedis(): Redis | null {
  return state.client ?? null;
}

/** For readiness: 'off' without REDIS_URL, else whether a PING answers within a second. */
export async function pingRedis(): Promise<'ok' | 'down' | 'off'> {
  const client = state.client;
  if (!client) return getConfig().redisUrl ? 'down' : 'off';
  try {
    const answer = await Promise.race([
      client.ping(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 1_000).unref()),
    ]);
    return answer === 'PONG' ? 'ok' : 'down';
  } catch {
    return 'down';
  }
}

export async function closeRedis(): Promise<void> {
  const client = state.client;
  state.client = undefined;
  state.healthy = true;
  if (!client) return;
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}
