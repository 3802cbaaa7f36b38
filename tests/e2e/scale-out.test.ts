import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openPostgres } from '@/db/client';
import { migrate } from '@/db/migrate';
import * as s from '@/db/schema';
import { seedReference } from '@/seed/demo';
import { hashPassword } from '@/server/auth/passwords';
import { ensureFirstPartyClient } from '@/server/auth/tokens';
import { png } from '../helpers/forms';
import { createPostgresDatabase, type PortalServer, startPortal } from '../helpers/portal-server';
import { startS3 } from '../helpers/s3';
import { startSmtpServer } from '../helpers/smtp';

// Issue 16: two portal processes on one PostgreSQL database, one Redis and one S3-protocol store, as two
// machines behind a load balancer would run. Nothing one process keeps may be state the other needs:
// sessions, limits, jobs, mails, caches and uploads are checked across the pair.

const pgUrl = process.env.E2E_DATABASE_URL;
const suffix = randomBytes(3).toString('hex');
const password = 'Skala-haslo-2026';
const metricsToken = `metrics-${suffix}-0123456789abcdef`;
const clientAuth = { client_id: 'portal-web', client_secret: 'portal-web-local-secret' };

// A Redis database of this test's own on the machine's server, emptied before and after.
const redisUrl = (() => {
  const url = new URL(process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379');
  url.pathname = '/7';
  return url.toString();
})();

let created: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
let db: DbHandle | undefined;
let s3: Awaited<ReturnType<typeof startS3>> | undefined;
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
let a: PortalServer | undefined;
let b: PortalServer | undefined;
const people = { anna: '', jan: '', company: '' };
let placeId = 0;
let eventId = 0;

async function flushRedis() {
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  await redis.quit();
}

/** Accounts, a place with an event starting in three hours that Anna has in her calendar, and a plan that has run out. */
async function prepareData(handle: DbHandle) {
  const hash = await hashPassword(password);
  const verified = new Date();
  const [anna, jan] = await handle.db
    .insert(s.users)
    .values([
      {
        email: `anna-${suffix}@example.com`,
        role: 'user',
        firstName: 'Anna',
        lastName: 'Nowak',
        passwordHash: hash,
        emailVerifiedAt: verified,
      },
      {
        email: `jan-${suffix}@example.com`,
        role: 'user',
        firstName: 'Jan',
        lastName: 'Kowal',
        passwordHash: hash,
        emailVerifiedAt: verified,
      },
    ])
    .returning();
  const [plan] = await handle.db
    .select({ id: s.premiumSettings.id })
    .from(s.premiumSettings)
    .where(eq(s.premiumSettings.isDefault, false))
    .limit(1);
  const [company] = await handle.db
    .insert(s.users)
    .values({
      email: `sala-${suffix}@example.com`,
      role: 'company',
      companyName: 'Sala Koncertowa',
      passwordHash: hash,
      emailVerifiedAt: verified,
      premiumSettingId: plan?.id,
      premiumUntil: new Date(Date.now() - 3_600_000),
    })
    .returning();
  const [place] = await handle.db
    .insert(s.places)
    .values({
      userId: company!.id,
      name: 'Sala Koncertowa',
      city: 'Gdańsk',
      street: 'Długa 1',
      postcode: '80-001',
    })
    .returning();
  const [category] = await handle.db.select({ id: s.categories.id }).from(s.categories).limit(1);
  const start = new Date(Date.now() + 3 * 3_600_000);
  const [event] = await handle.db
    .insert(s.events)
    .values({
      userId: company!.id,
      placeId: place!.id,
      categoryId: category!.id,
      name: `Koncert skalowania ${suffix}`,
      description: 'Wieczór z orkiestrą.',
      city: 'Gdańsk',
      placeName: 'Sala Koncertowa',
      startDate: start,
      endDate: new Date(start.getTime() + 7_200_000),
    })
    .returning();
  await handle.db.insert(s.calendarEntries).values({ userId: anna!.id, eventId: event!.id });
  people.anna = anna!.email;
  people.jan = jan!.email;
  people.company = company!.email;
  placeId = place!.id;
  eventId = event!.id;
}

beforeAll(async () => {
  if (!pgUrl) return;
  created = await createPostgresDatabase(pgUrl, `portal_e2e_scale_${process.pid}`);
  db = await openPostgres(created.url, { max: 2 });
  await migrate(db);
  await seedReference(db.db);
  await ensureFirstPartyClient(db.db);
  await prepareData(db);
  await flushRedis();
  s3 = await startS3();
  smtp = await startSmtpServer();
  const env = {
    ...s3.env,
    REDIS_URL: redisUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    SEED_DEMO: 'false',
    METRICS_TOKEN: metricsToken,
    // Issue 28: the statistics' batches every 200 ms, so a test waits a moment for them.
    STATS_FLUSH_MS: '200',
  };
  // Started together, so both run their jobs' first round on the same due work.
  [a, b] = await Promise.all([
    startPortal({ databaseUrl: created.url, env }),
    startPortal({ databaseUrl: created.url, env }),
  ]);
}, 300_000);

afterAll(async () => {
  await Promise.allSettled([a?.stop(), b?.stop()]);
  await db?.close();
  await created?.drop();
  await s3?.stop();
  await smtp?.close();
  if (pgUrl) await flushRedis();
});

async function signIn(server: PortalServer, email: string, pass = password) {
  return fetch(`${server.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      username: email,
      password: pass,
      scope: '',
      ...clientAuth,
    }),
  });
}

async function tokenOf(server: PortalServer, email: string): Promise<string> {
  const res = await signIn(server, email);
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The hits of a process's search and page caches, from its Prometheus metrics. */
async function cacheHits(
  server: PortalServer,
): Promise<{ search: number; page: number; searchMisses: number; pageMisses: number }> {
  const res = await fetch(`${server.baseUrl}/api/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  expect(res.status).toBe(200);
  const text = await res.text();
  const count = (cache: string, result: 'hit' | 'miss') =>
    Number(
      text.match(
        new RegExp(`portal_cache_requests_total\\{cache="${cache}",result="${result}"\\} (\\d+)`),
      )?.[1] ?? 0,
    );
  return {
    search: count('search', 'hit'),
    page: count('page', 'hit'),
    searchMisses: count('search', 'miss'),
    pageMisses: count('page', 'miss'),
  };
}

const me = (server: PortalServer, token: string) =>
  fetch(`${server.baseUrl}/api/user`, { headers: { authorization: `Bearer ${token}` } });

describe.skipIf(!pgUrl)('two portal processes on one PostgreSQL, Redis and S3 store', () => {
  it('take a sign-in made on one as valid on the other, and a sign-out on one is seen by the other', async () => {
    const token = await tokenOf(a!, people.anna);
    const onB = await me(b!, token);
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { data: { email: string } }).data.email).toBe(people.anna);
    const out = await fetch(`${a!.baseUrl}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status).toBeLessThan(300);
    expect((await me(b!, token)).status).toBe(401);
  });

  it('count a limit across both: the 11th wrong password for an account is refused by either', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await signIn(i % 2 ? b! : a!, people.jan, `Zle-haslo-${i}`)).status);
    expect(statuses.every((status) => status === 400 || status === 401)).toBe(true);
    expect((await signIn(a!, people.jan, 'Zle-haslo-x')).status).toBe(429);
    expect((await signIn(b!, people.jan, 'Zle-haslo-y')).status).toBe(429);
    // The right password from the same address waits too: the lockout is per account and address.
    expect((await signIn(b!, people.jan)).status).toBe(429);
  });

  it('run the scheduled jobs once and send each mail once', async () => {
    const mailsTo = (email: string) => smtp!.received.filter((m) => m.rcptTo.includes(email)).length;
    // The reminder of Anna's event and the company's "plan ended" mail, each from whichever process won.
    await expect.poll(() => mailsTo(people.anna), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => mailsTo(people.company), { timeout: 30_000 }).toBe(1);
    // Both mail workers poll every 5 s: two more rounds of each change nothing.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    expect(mailsTo(people.anna)).toBe(1);
    expect(mailsTo(people.company)).toBe(1);
    const [anna] = await db!.db.select().from(s.users).where(eq(s.users.email, people.anna));
    const reminders = await db!.db.select().from(s.notifications).where(eq(s.notifications.userId, anna!.id));
    expect(reminders).toHaveLength(1);
    const [company] = await db!.db.select().from(s.users).where(eq(s.users.email, people.company));
    expect(company?.premiumUntil).toBeNull();
    const unsent = await db!.db.select().from(s.mailOutbox).where(isNull(s.mailOutbox.sentAt));
    expect(unsent).toHaveLength(0);
  });

  it('empty the other’s search and page caches after a write on one', async () => {
    const stars = async () => {
      const res = await fetch(`${b!.baseUrl}/api/event?search=skalowania`);
      return ((await res.json()) as { data: { place: { stars: number } }[] }).data.map((e) => e.place.stars);
    };
    const page = async () => (await fetch(`${b!.baseUrl}/places/${placeId}`)).text();
    // Issue 32: a signed-in page is never the page cache's, but what everyone sees of the place is kept.
    const readerToken = await tokenOf(b!, people.anna);
    const signedInPage = async () =>
      (
        await fetch(`${b!.baseUrl}/places/${placeId}`, { headers: { cookie: `token=${readerToken}` } })
      ).text();
    const before = await signedInPage();
    expect(before).toContain('Wyloguj się');
    expect(before).not.toContain('Sala gra czysto');
    expect(await stars()).toEqual([0]);
    // The page is kept from its second request (src/web/page-cache.ts).
    await page();
    await page();
    const hitsBefore = await cacheHits(b!);
    expect(await stars()).toEqual([0]);
    expect(await page()).not.toContain('Sala gra czysto');
    // Both answers came from B's caches, which only a change heard from A can empty now.
    const hitsKept = await cacheHits(b!);
    // The search also reads the attribute catalogue through the same cache (issue 30): nothing missed.
    expect(hitsKept.search).toBeGreaterThan(hitsBefore.search);
    expect(hitsKept.searchMisses).toBe(hitsBefore.searchMisses);
    expect(hitsKept.page).toBe(hitsBefore.page + 1);
    expect(hitsKept.pageMisses).toBe(hitsBefore.pageMisses);

    const token = await tokenOf(a!, people.anna);
    const comment = await fetch(`${a!.baseUrl}/api/place/add_comment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ place_id: placeId, stars: 5, comment: 'Sala gra czysto, polecam.' }),
    });
    expect(comment.status).toBe(201);

    await expect.poll(stars, { timeout: 5_000 }).toEqual([5]);
    await expect.poll(page, { timeout: 5_000 }).toContain('Sala gra czysto');
    await expect.poll(signedInPage, { timeout: 5_000 }).toContain('Sala gra czysto');
  });

  it('add up the statistics both count, a visitor once across both (issue 28)', async () => {
    const figures = async () => {
      const rows = await db!.db
        .select({ measure: s.dailyStats.measure, count: s.dailyStats.count })
        .from(s.dailyStats)
        .where(and(eq(s.dailyStats.subject, 'event'), eq(s.dailyStats.subjectId, eventId)));
      const of = (measure: string) =>
        rows.filter((r) => r.measure === measure).reduce((n, r) => n + r.count, 0);
      return { views: of('view'), visitors: of('visitor') };
    };
    const before = await figures();
    const view = async (server: PortalServer, cookie: string) => {
      const res = await fetch(`${server.baseUrl}/event/${eventId}`, {
        headers: {
          cookie: `visitor=${cookie}`,
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
        },
      });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    };
    const same = `S${suffix}`.padEnd(22, 'x');
    // The same visitor on both processes, ten views each (the page cache answers most of them).
    await Promise.all(
      [a!, b!].map(async (server) => {
        for (let i = 0; i < 10; i++) await view(server, same);
      }),
    );
    // Three other visitors on each.
    for (const [n, server] of [a!, a!, a!, b!, b!, b!].entries())
      await view(server, `V${n}${suffix}`.padEnd(22, 'y'));
    await expect
      .poll(figures, { timeout: 5_000 })
      .toEqual({ views: before.views + 26, visitors: before.visitors + 7 });
  });

  it('serve an upload stored through one from the other, from the bucket', async () => {
    const token = await tokenOf(a!, people.anna);
    const [anna] = await db!.db.select().from(s.users).where(eq(s.users.email, people.anna));
    const form = new FormData();
    for (const [name, value] of Object.entries({
      _method: 'PUT',
      first_name: 'Anna',
      last_name: 'Nowak',
      email: people.anna,
      city: 'Gdańsk',
    }))
      form.append(name, value);
    form.append('image', new Blob([new Uint8Array(await png(120, 90))], { type: 'image/png' }), 'anna.png');
    const saved = await fetch(`${a!.baseUrl}/api/user/${anna!.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(saved.status).toBe(200);
    const [updated] = await db!.db
      .select({ imageUrl: s.users.imageUrl })
      .from(s.users)
      .where(and(eq(s.users.id, anna!.id)));
    const url = updated?.imageUrl ?? '';
    expect(url).toMatch(/^\/media\/avatar\/[0-9a-f]{32}\.webp$/);

    const fromB = await fetch(`${b!.baseUrl}${url}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await fromB.arrayBuffer());
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // Neither process kept it on its own disk.
    for (const server of [a!, b!])
      expect(fs.existsSync(path.join(server.dataDir, 'uploads', url.slice('/media/'.length)))).toBe(false);
  });
});

describe.skipIf(!pgUrl)('WEB_CONCURRENCY', () => {
  it('runs two processes on one port, starts another when one dies, and stops them all cleanly', async () => {
    const portal = await startPortal({
      databaseUrl: created!.url,
      env: { WEB_CONCURRENCY: '2', SEED_DEMO: 'false' },
    });
    try {
      await expect
        .poll(() => portal.output(), { timeout: 60_000 })
        .toMatch(/2 processes are serving on port \d+ \(pids \d+, \d+\)/);
      const pids = (portal.output().match(/\(pids (\d+), (\d+)\)/) ?? []).slice(1).map(Number);
      expect(pids).toHaveLength(2);
      expect(pids).not.toContain(portal.pid);
      process.kill(pids[0]!, 'SIGKILL');
      await expect
        .poll(() => portal.output(), { timeout: 10_000 })
        .toContain(`Process ${pids[0]} exited (SIGKILL); starting another`);
      // The other process serves while the primary starts a replacement. Each check on a connection of
      // its own: a kept-alive one may have belonged to the process just killed.
      const health = async () =>
        (await fetch(`${portal.baseUrl}/api/health`, { headers: { connection: 'close' } })).status;
      expect(await health()).toBe(200);
      await expect
        .poll(() => portal.output().match(/2 processes are serving/g)?.length ?? 0, { timeout: 120_000 })
        .toBe(2);
      for (let i = 0; i < 10; i++) expect(await health()).toBe(200);
    } finally {
      await portal.stop();
    }
    expect(portal.output()).toContain('Closed cleanly.');
  }, 240_000);
});
