import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getConfig } from '@/config';
import { logger } from '@/server/log';
import { clearLimit, hit, RateLimitedError, resetRateLimits, usedPoints } from '@/server/rate-limit';
import { closeRedis, connectRedis, getRedis, pingRedis } from '@/server/redis';
import { createAccount, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { type PrivateRedis, startPrivateRedis } from '../helpers/redis';

// Issue 16: with REDIS_URL the limits are counted in Redis, so every process shares them; losing Redis
// while running degrades to each process's own memory with a warning, never an error.

setupTestDb();
const api = setupApi();
let redis: PrivateRedis;
const warnings: string[] = [];

beforeAll(async () => {
  redis = await startPrivateRedis();
  vi.spyOn(logger, 'warn').mockImplementation((line: unknown) => {
    warnings.push(String(line));
  });
  await connectRedis(redis.url);
  resetRateLimits();
});

afterAll(async () => {
  await closeRedis();
  await redis.kill();
  vi.restoreAllMocks();
});

/** Tries `n` times; answers how many went through before the first 429. */
async function attempts(n: number, key: string): Promise<{ passed: number; refused: boolean }> {
  let passed = 0;
  for (let i = 0; i < n; i++) {
    try {
      await hit('messagesBySender', key);
      passed++;
    } catch (error) {
      if (error instanceof RateLimitedError) return { passed, refused: true };
      throw error;
    }
  }
  return { passed, refused: false };
}

describe('rate limits in Redis', () => {
  it('count in Redis, so a process that starts afresh sees what the others used', async () => {
    expect(await attempts(6, 'sender-1')).toEqual({ passed: 6, refused: false });
    const keys = await getRedis()?.keys('portal:limit:messagesBySender*');
    expect(keys).toHaveLength(1);
    // A new process: no limiter in memory, the same Redis.
    resetRateLimits();
    expect(await usedPoints('messagesBySender', 'sender-1')).toBe(6);
    // 10 messages a minute in all (rate-limit.ts), whichever process takes them.
    expect(await attempts(10, 'sender-1')).toEqual({ passed: 4, refused: true });
    await clearLimit('messagesBySender', 'sender-1');
    expect(await getRedis()?.keys('portal:limit:messagesBySender*')).toHaveLength(0);
  });

  it('fall back to this process’s memory while Redis is gone, with one warning, and share again once it is back', async () => {
    await redis.kill();
    const started = Date.now();
    // No error but the limit itself: the memory counts instead, at once.
    expect(await attempts(12, 'sender-2')).toEqual({ passed: 10, refused: true });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await pingRedis()).toBe('down');
    await vi.waitFor(() =>
      expect(warnings.filter((w) => w.includes('Redis is unreachable'))).toHaveLength(1),
    );
    expect(warnings.join('\n')).toContain('rate limits count in each process');

    await redis.restart();
    await vi.waitFor(() => expect(warnings.some((w) => w.includes('Redis is back'))).toBe(true), {
      timeout: 10_000,
    });
    expect(await pingRedis()).toBe('ok');
    // The new, empty Redis counts again: a key never seen there starts at zero and lands in Redis.
    expect(await attempts(3, 'sender-3')).toEqual({ passed: 3, refused: false });
    expect(await getRedis()?.keys('portal:limit:messagesBySender:sender-3')).toHaveLength(1);
  });

  it('leave sign-ins answering while Redis is gone: wrong passwords are counted and refused, never a 500', async () => {
    const { user } = await createAccount('user');
    const { id, secret } = getConfig().oauthClient;
    const signIn = () =>
      api().inject({
        method: 'POST',
        url: '/oauth/token',
        payload: {
          grant_type: 'password',
          username: user.email,
          password: 'Wrong-pass-1',
          scope: '',
          client_id: id,
          client_secret: secret,
        },
      });
    await redis.kill();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signIn()).statusCode);
    // Ten wrong passwords for the account from one address, then the lockout (rate-limit.ts), from memory.
    expect(statuses.slice(0, 10).every((s) => s === 400 || s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    await redis.restart();
    await vi.waitFor(() => expect(pingRedis()).resolves.toBe('ok'), { timeout: 10_000 });
  });

  it('refuse a wrong REDIS_URL with one line naming it, within seconds', async () => {
    const started = Date.now();
    const error = await connectRedis('redis://127.0.0.1:1').then(
      () => null,
      (e: unknown) => e as Error,
    );
    // The connected client is kept: a second call answers it without trying the other address.
    expect(error).toBeNull();
    await closeRedis();
    const refused = await connectRedis('redis://127.0.0.1:1').then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(refused?.message).toMatch(/^Invalid configuration: REDIS_URL cannot be reached \(ECONNREFUSED\)$/);
    expect(Date.now() - started).toBeLessThan(5_000);
    await connectRedis(redis.url);
  });
});
