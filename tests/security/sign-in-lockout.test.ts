import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getConfig } from '@/config';
import { getDb } from '@/db/client';
import * as s from '@/db/schema';
import { hashToken } from '@/server/auth/access-tokens';
import { longestPauseSeconds } from '@/server/auth/login-throttle';
import { hit, resetRateLimits } from '@/server/rate-limit';
import { closeRedis, connectRedis, getRedis } from '@/server/redis';
import { portalOrigin, setupApi } from '../helpers/api';
import { cheapPasswordHash } from '../helpers/cheap-hash';
import { setupTestDb } from '../helpers/db';
import { type PrivateRedis, startPrivateRedis } from '../helpers/redis';

// Issue 26 point 6: anyone with ten addresses locked any account for an hour (110 wrong passwords, then
// the right one from a new address got a 429 for an hour). Now a browser that signed in before (its
// device cookie) is exempt from the account's limit, unknown clients are slowed for seconds rather than
// locked, and guessing from one address at one account is still stopped.

setupTestDb();
const api = setupApi();
beforeEach(() => resetRateLimits());

const password = 'Stary-Dobry-Kasztan-7';
const client = () => ({
  client_id: getConfig().oauthClient.id,
  client_secret: getConfig().oauthClient.secret,
});

async function account() {
  const db = await getDb();
  const [user] = await db
    .insert(s.users)
    .values({
      email: `owner.${randomBytes(4).toString('hex')}@example.com`,
      // The limits are under test here, not scrypt's cost: each botnet's guesses are checked in seconds.
      passwordHash: cheapPasswordHash(password),
      role: 'user',
      firstName: 'Ola',
      lastName: 'Nowak',
      city: 'Gdańsk',
      emailVerifiedAt: new Date(),
    })
    .returning();
  if (!user) throw new Error('insert failed');
  return user;
}

/** The token endpoint's password grant, from `address`, with the device cookie when one is given. */
function tokenSignIn(email: string, pass: string, address: string, device?: string) {
  return api().inject({
    method: 'POST',
    url: '/oauth/token',
    remoteAddress: address,
    headers: { 'accept-language': 'en' },
    cookies: device ? { login_device: device } : {},
    payload: { grant_type: 'password', username: email, password: pass, ...client() },
  });
}

/** The pages' sign-in (POST /api/session), as the login form sends it. */
function pageSignIn(email: string, pass: string, address: string, device?: string) {
  return api().inject({
    method: 'POST',
    url: '/api/session',
    remoteAddress: address,
    headers: { ...portalOrigin(), 'accept-language': 'en' },
    cookies: device ? { login_device: device } : {},
    payload: { email, password: pass },
  });
}

const deviceOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'login_device');

/** Ten wrong passwords from each of eleven addresses, half through each sign-in; answers the statuses. */
async function botnet(email: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let a = 0; a < 11; a++) {
    for (let i = 0; i < 10; i++) {
      const send = i % 2 ? pageSignIn : tokenSignIn;
      statuses.push((await send(email, `bot-${a}-${i}`, `192.0.2.${a + 1}`)).statusCode);
    }
  }
  return statuses;
}

describe('the device cookie', () => {
  it('is issued at a successful sign-in: random, httpOnly, SameSite=Lax, only for the sign-in call, stored hashed', async () => {
    const user = await account();
    const page = await pageSignIn(user.email, password, '198.51.100.20');
    const app = await tokenSignIn(user.email, password, '198.51.100.20');
    expect(page.statusCode).toBe(200);
    expect(app.statusCode).toBe(200);
    const pageDevice = deviceOf(page);
    const apiDevice = deviceOf(app);
    expect(pageDevice).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/session' });
    expect(apiDevice).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/oauth/token' });
    // PUBLIC_URL is http:// in the tests; https:// adds Secure like every other cookie (session-cookies.ts).
    expect(pageDevice?.secure).toBeUndefined();
    expect(pageDevice?.maxAge).toBeGreaterThan(30 * 86400);
    expect(pageDevice?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(apiDevice?.value).not.toBe(pageDevice?.value);
    // No wrong password or failed sign-in gets one.
    expect(deviceOf(await pageSignIn(user.email, 'nie-to-haslo', '198.51.100.20'))).toBeUndefined();

    const db = await getDb();
    const rows = await db.select().from(s.loginDevices).where(eq(s.loginDevices.userId, user.id));
    expect(rows.map((r) => r.tokenHash).sort()).toEqual(
      [hashToken(pageDevice?.value ?? ''), hashToken(apiDevice?.value ?? '')].sort(),
    );
    // Signing in again with it keeps the same token.
    const again = await pageSignIn(user.email, password, '198.51.100.21', pageDevice?.value);
    expect(deviceOf(again)?.value).toBe(pageDevice?.value);
  });
});

describe('a botnet guessing one account from eleven addresses', () => {
  it('cannot lock the owner out: their browser and API client sign in, even from a locked address', async () => {
    const user = await account();
    const browser = deviceOf(await pageSignIn(user.email, password, '198.51.100.20'))?.value;
    const app = deviceOf(await tokenSignIn(user.email, password, '198.51.100.20'))?.value;
    expect(browser).toBeDefined();

    const statuses = await botnet(user.email);
    expect(statuses).toHaveLength(110);
    expect(statuses.every((code) => code === 400 || code === 422 || code === 429)).toBe(true);

    // 192.0.2.1 is locked for this account (ten wrong passwords); the known browser is let through.
    const fromLocked = await pageSignIn(user.email, password, '192.0.2.1');
    expect(fromLocked.statusCode).toBe(429);
    const owner = await pageSignIn(user.email, password, '192.0.2.1', browser);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.cookies.find((c) => c.name === 'token')).toBeDefined();
    expect((await tokenSignIn(user.email, password, '203.0.113.80', app)).statusCode).toBe(200);
  }, 300_000);

  it('slows a new address without a device cookie for seconds, never for an hour', async () => {
    const user = await account();
    await botnet(user.email);
    let res = await tokenSignIn(user.email, password, '198.51.100.99');
    if (res.statusCode === 429) {
      const wait = Number(res.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(longestPauseSeconds);
      expect(res.json().error_description).toBe(
        `Too many failed sign-in attempts for this account. Try again in ${wait} s.`,
      );
      await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 100));
      res = await tokenSignIn(user.email, password, '198.51.100.99');
    }
    expect(res.statusCode, res.body).toBe(200);
  }, 300_000);

  it('gets few passwords checked: past 20 failures, unknown clients wait before each one', async () => {
    const user = await account();
    const statuses = await botnet(user.email);
    const checked = statuses.filter((code) => code !== 429).length;
    // Ten per address would be 110; the pauses (seconds, growing) refuse most without hashing.
    expect(checked).toBeGreaterThanOrEqual(21);
    expect(checked).toBeLessThan(40);
    const paused = await pageSignIn(user.email, 'jeszcze-jedno', '198.51.100.50');
    expect(paused.statusCode).toBe(429);
    expect(paused.json().message).toMatch(/^Too many failed sign-in attempts for this account/);
    expect(Number(paused.headers['retry-after'])).toBeLessThanOrEqual(longestPauseSeconds);
  }, 300_000);

  it('a password reset makes the browser that made it known, so it signs in at once', async () => {
    const user = await account();
    await botnet(user.email);
    const sent = await api().inject({
      method: 'POST',
      url: '/api/password/send_email',
      remoteAddress: '198.51.100.60',
      payload: { email: user.email },
    });
    expect(sent.statusCode).toBe(200);
    const db = await getDb();
    const [mail] = await db.select().from(s.mailOutbox).where(eq(s.mailOutbox.to, user.email));
    const link = new URL(mail?.text.match(/https?:\/\/\S+forget-password\?\S+/)?.[0] ?? '');
    const reset = await api().inject({
      method: 'POST',
      url: '/api/password/reset',
      remoteAddress: '198.51.100.60',
      payload: {
        email: user.email,
        token: link.searchParams.get('token'),
        password: 'Po-Resecie-Nowe-Haslo-3',
        password_confirmation: 'Po-Resecie-Nowe-Haslo-3',
      },
    });
    expect(reset.statusCode).toBe(200);
    const device = deviceOf(reset);
    expect(device).toMatchObject({ httpOnly: true, path: '/api/session' });
    // The guessing goes on after the reset; the owner's browser is not slowed by it.
    await botnet(user.email);
    const owner = await pageSignIn(user.email, 'Po-Resecie-Nowe-Haslo-3', '198.51.100.60', device?.value);
    expect(owner.statusCode, owner.body).toBe(200);
  }, 300_000);

  it('a device cookie of another account is no pass for this one', async () => {
    const [user, other] = [await account(), await account()];
    const foreign = deviceOf(await pageSignIn(other.email, password, '198.51.100.20'))?.value;
    await botnet(user.email);
    const res = await pageSignIn(user.email, password, '192.0.2.1', foreign);
    expect(res.statusCode).toBe(429);
  }, 300_000);
});

describe('guessing that is still stopped', () => {
  it('ten wrong passwords from one address lock that (account, address) pair for 15 minutes', async () => {
    const user = await account();
    for (let i = 0; i < 10; i++) {
      expect((await tokenSignIn(user.email, `zgaduje-${i}`, '203.0.113.7')).statusCode).toBe(400);
    }
    const locked = await tokenSignIn(user.email, password, '203.0.113.7');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    const page = await pageSignIn(user.email, password, '203.0.113.7');
    expect(page.statusCode).toBe(429);
    expect(page.json().message).toMatch(/^Too many failed sign-in attempts\. Try again in 15 min/);
    // The owner elsewhere is not affected.
    expect((await tokenSignIn(user.email, password, '198.51.100.20')).statusCode).toBe(200);
  });

  it('one address: right passwords give their attempt back, wrong ones stop it at 100 in 15 minutes', async () => {
    // A school or a mobile network's shared address: 99 sign-ins of other people already counted there.
    const user = await account();
    const shared = '203.0.113.50';
    for (let i = 0; i < 99; i++) await hit('loginByIp', shared);
    for (let i = 0; i < 3; i++) {
      expect((await pageSignIn(user.email, password, shared)).statusCode).toBe(200);
    }
    // A wrong password keeps its point: the hundredth attempt, then the address waits.
    expect((await pageSignIn(user.email, 'zgaduje', shared)).statusCode).toBe(422);
    const stopped = await tokenSignIn(user.email, password, shared);
    expect(stopped.statusCode).toBe(429);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('signing in with a right password in a loop stops at 300 sign-ins from one address in 15 minutes', async () => {
    const user = await account();
    const looping = '203.0.113.51';
    for (let i = 0; i < 299; i++) await hit('loginSuccessesByIp', looping);
    expect((await tokenSignIn(user.email, password, looping)).statusCode).toBe(200);
    const stopped = await pageSignIn(user.email, password, looping);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().message).toMatch(/^Too many attempts/);
    // Another address is not affected.
    expect((await pageSignIn(user.email, password, '198.51.100.22')).statusCode).toBe(200);
  });

  it('a known browser has a counter of its own: ten wrong passwords lock that browser only', async () => {
    const user = await account();
    const stolen = deviceOf(await pageSignIn(user.email, password, '198.51.100.20'))?.value;
    for (let i = 0; i < 10; i++) {
      expect((await pageSignIn(user.email, `zgaduje-${i}`, `203.0.113.${i + 1}`, stolen)).statusCode).toBe(
        422,
      );
    }
    expect((await pageSignIn(user.email, password, '203.0.113.99', stolen)).statusCode).toBe(429);
    // Its failures did not count on the account: another client is neither locked nor slowed.
    expect((await pageSignIn(user.email, password, '198.51.100.21')).statusCode).toBe(200);
  });

  it('a changed password forgets every known browser of the account', async () => {
    const user = await account();
    const signedIn = await pageSignIn(user.email, password, '198.51.100.20');
    const device = deviceOf(signedIn)?.value;
    const token = signedIn.cookies.find((c) => c.name === 'token')?.value ?? '';
    const changed = await api().inject({
      method: 'POST',
      url: `/api/user/${user.id}`,
      headers: portalOrigin(),
      cookies: { token },
      payload: {
        _method: 'PUT',
        first_name: 'Ola',
        last_name: 'Nowak',
        city: 'Gdańsk',
        email: user.email,
        current_password: password,
        password: 'Nowe-Haslo-Po-Kradziezy-2',
        password_confirmation: 'Nowe-Haslo-Po-Kradziezy-2',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const db = await getDb();
    expect(await db.select().from(s.loginDevices).where(eq(s.loginDevices.userId, user.id))).toHaveLength(0);
    await botnet(user.email);
    expect((await pageSignIn(user.email, 'Nowe-Haslo-Po-Kradziezy-2', '192.0.2.1', device)).statusCode).toBe(
      429,
    );
  }, 300_000);
});

describe('with REDIS_URL', () => {
  // Several processes share the limits through Redis (issue 16): the pause and a known browser's
  // counter must live there too, not in one process's memory.
  let redis: PrivateRedis;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    await connectRedis(redis.url);
  });
  afterAll(async () => {
    await closeRedis();
    await redis.kill();
    resetRateLimits();
  });

  it('keeps the account’s pause and a browser’s counter in Redis, seen by a process that starts afresh', async () => {
    const user = await account();
    const browser = deviceOf(await pageSignIn(user.email, password, '198.51.100.20'))?.value;
    // Eighty failures this hour already (counted as the sign-in counts them), then one more: a full pause.
    for (let i = 0; i < 80; i++) await hit('loginFailuresByAccount', user.email);
    expect((await tokenSignIn(user.email, 'bot-81', '192.0.2.1')).statusCode).toBe(400);
    const keys = await getRedis()?.keys('portal:limit:loginPauseByAccount*');
    expect(keys).toEqual([`portal:limit:loginPauseByAccount:${user.email}`]);
    // Another process: no limiter in memory, the same Redis.
    resetRateLimits();
    const paused = await tokenSignIn(user.email, password, '198.51.100.21');
    expect(paused.statusCode).toBe(429);
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(longestPauseSeconds - 10);
    expect((await pageSignIn(user.email, password, '198.51.100.21', browser)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) await pageSignIn(user.email, `literowka-${i}`, '198.51.100.20', browser);
    resetRateLimits();
    expect((await pageSignIn(user.email, password, '198.51.100.20', browser)).statusCode).toBe(429);
    expect(await getRedis()?.keys('portal:limit:loginFailuresByDevice*')).toHaveLength(1);
  }, 120_000);
});
