import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Api, buildApi } from '@/api/app';
import { logger } from '@/server/log';
import { closeRedis, connectRedis, getRedis } from '@/server/redis';
import { createAccount } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { type PrivateRedis, startPrivateRedis } from '../helpers/redis';

// Issue 26 item 15: the live streams one person may hold were counted in each process, so two processes
// let one token hold twice the limit. With Redis they count across processes, a dead process's streams
// lapse, and while Redis is away each process counts alone (as the rate limits do).

setupTestDb();

const live = { keepAliveMs: 200, maxStreamsPerUser: 2 };
let redis: PrivateRedis;
let one: { app: Api; url: string };
let two: { app: Api; url: string };

async function startApi() {
  const app = await buildApi({ logger: false, live });
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

beforeAll(async () => {
  redis = await startPrivateRedis();
  vi.spyOn(logger, 'warn').mockImplementation(() => {});
  await connectRedis(redis.url);
  // Two API processes in miniature: each has its own hub, both share the one Redis.
  one = await startApi();
  two = await startApi();
});

afterAll(async () => {
  for (const { app } of [one, two]) {
    app?.server.closeAllConnections();
    await app?.close();
  }
  await closeRedis();
  await redis.kill();
  vi.restoreAllMocks();
});

/** Opens GET /api/live; a 200 stream stays open until `close`. */
async function openStream(base: string, auth: Record<string, string>) {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/live`, { headers: auth, signal: abort.signal });
  // The first event: the stream is registered once it has been sent.
  if (res.status === 200) await res.body?.getReader().read();
  else await res.body?.cancel();
  return { status: res.status, close: () => abort.abort() };
}

/** The person's streams Redis counts: those not lapsed. */
const streamsInRedis = async (userId: number) =>
  (await getRedis()?.zcount(`portal:live:streams:${userId}`, Date.now(), '+inf')) ?? 0;

describe('live streams per person across processes', () => {
  it('refuses on one process what the person already holds on another, and takes it once a tab closes', async () => {
    const { user, auth } = await createAccount('user');
    const tabs = [await openStream(one.url, auth), await openStream(one.url, auth)];
    expect(tabs.map((t) => t.status)).toEqual([200, 200]);
    expect(await streamsInRedis(user.id)).toBe(2);
    const third = await openStream(two.url, auth);
    expect(third.status).toBe(429);

    tabs[0]?.close();
    await expect.poll(() => streamsInRedis(user.id)).toBe(1);
    const again = await openStream(two.url, auth);
    expect(again.status).toBe(200);
    expect((await openStream(one.url, auth)).status).toBe(429);
    again.close();
    tabs[1]?.close();
    await expect.poll(() => streamsInRedis(user.id)).toBe(0);
  });

  it('lets the streams of a process that died lapse, and renews the ones still open', async () => {
    const { user, auth } = await createAccount('user');
    // A process that died holding two streams: nobody renews them (they lapse after 3 keep-alives).
    const key = `portal:live:streams:${user.id}`;
    const lapse = Date.now() + 3 * live.keepAliveMs;
    await getRedis()?.zadd(key, lapse, 'dead:1', lapse, 'dead:2');
    expect((await openStream(one.url, auth)).status).toBe(429);
    await new Promise((r) => setTimeout(r, 3 * live.keepAliveMs + 100));
    const tab = await openStream(one.url, auth);
    expect(tab.status).toBe(200);
    // Several keep-alives later the open one is still counted.
    await new Promise((r) => setTimeout(r, 6 * live.keepAliveMs));
    expect(await streamsInRedis(user.id)).toBe(1);
    tab.close();
  });

  it('counts in each process alone while Redis is away, and shares again once it is back', async () => {
    const { user, auth } = await createAccount('user');
    await redis.kill();
    const onOne = [await openStream(one.url, auth), await openStream(one.url, auth)];
    expect(onOne.map((t) => t.status)).toEqual([200, 200]);
    expect((await openStream(one.url, auth)).status).toBe(429);
    // The other process does not know them: the limit is per process for that time, never an error.
    const onTwo = await openStream(two.url, auth);
    expect(onTwo.status).toBe(200);

    await redis.restart();
    await vi.waitFor(() => expect(getRedis()?.status).toBe('ready'), { timeout: 10_000 });
    // The keep-alives write the open streams into the empty Redis again.
    await expect.poll(() => streamsInRedis(user.id), { timeout: 5_000 }).toBe(3);
    expect((await openStream(two.url, auth)).status).toBe(429);
    for (const tab of [...onOne, onTwo]) tab.close();
    await expect.poll(() => streamsInRedis(user.id)).toBe(0);
  });
});
