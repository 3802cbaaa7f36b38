import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, count, countDistinct, eq, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { dumpSql, restoreSql, tablesInDependencyOrder } from '@/db/backup';
import { DatabaseLockedError, type DbHandle, openPglite, openPostgres, rowsOf } from '@/db/client';
import { migrate } from '@/db/migrate';
import * as s from '@/db/schema';
import { demoAccounts, seedDemo } from '@/seed/demo';
import { verifyPassword } from '@/server/auth/passwords';
import { getStorage } from '@/server/media/storage';
import { setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { withDatabase } from '../setup/global-db';

const testDb = setupTestDb();
const api = setupApi();

async function tableCounts(handle: DbHandle) {
  const counts: Record<string, number> = {};
  for (const table of tablesInDependencyOrder()) {
    const name = getTableConfig(table).name;
    const [row] = rowsOf<{ n: number }>(
      await handle.db.execute(sql`select count(*)::int as n from ${sql.identifier(name)}`),
    );
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

/** A second, empty database migrated to the schema (PGlite in memory, or a new PostgreSQL database). */
async function emptyDatabase(): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await openPglite();
    await migrate(handle);
    return { handle, drop: () => handle.close() };
  }
  const name = `portal_restore_${Date.now()}`;
  const admin = await openPostgres(url, { max: 1 });
  await admin.db.execute(`create database ${name}`);
  const handle = await openPostgres(withDatabase(url, name), { max: 2 });
  await migrate(handle);
  return {
    handle,
    drop: async () => {
      await handle.close();
      await admin.db.execute(`drop database if exists ${name}`);
      await admin.close();
    },
  };
}

describe('demo data', () => {
  it('seeds the promised amounts of real-looking data in one go', { timeout: 120_000 }, async () => {
    const db = testDb.handle().db;
    await seedDemo(db, { now: new Date('2026-11-21T10:00:00Z') });
    const [places] = await db.select({ n: count() }).from(s.places);
    const [events] = await db.select({ n: count() }).from(s.events);
    const [cities] = await db.select({ n: countDistinct(s.places.city) }).from(s.places);
    const [categories] = await db.select({ n: count() }).from(s.categories);
    const [comments] = await db.select({ n: count() }).from(s.comments);
    const [texts] = await db.select({ n: count() }).from(s.textPages);
    expect(places?.n).toBe(200);
    expect(events?.n).toBe(1000);
    expect(cities?.n).toBeGreaterThanOrEqual(15);
    expect(categories?.n).toBeGreaterThanOrEqual(12);
    expect(comments?.n).toBeGreaterThan(100);
    expect(texts?.n).toBe(5);

    const range = rowsOf<{ first: string; last: string }>(
      await db.execute(sql`select min(start_date)::text as first, max(start_date)::text as last from events`),
    )[0];
    expect(new Date(range!.first).getTime()).toBeGreaterThanOrEqual(
      new Date('2026-11-20T00:00:00Z').getTime(),
    );
    expect(new Date(range!.last).getTime()).toBeLessThan(new Date('2027-02-20T00:00:00Z').getTime());

    const [user] = await db.select().from(s.users).where(eq(s.users.email, demoAccounts.user.email));
    const [company] = await db.select().from(s.users).where(eq(s.users.email, demoAccounts.company.email));
    expect(user?.role).toBe('user');
    expect(company?.role).toBe('company');
    expect(user?.emailVerifiedAt).not.toBeNull();
    expect(await verifyPassword(demoAccounts.user.password, user?.passwordHash ?? null)).toBe(true);
    expect(await verifyPassword('wrong password', user?.passwordHash ?? null)).toBe(false);

    // A place's stars are the mean of its ratings.
    const [check] = rowsOf<{ bad: number }>(
      await db.execute(sql`select count(*)::int as bad from places p
        where abs(p.stars - coalesce((select avg(stars) from comments c where c.place_id = p.id), 0)) > 0.01`),
    );
    expect(check?.bad).toBe(0);

    // Its pictures were drawn locally and are served.
    const [category] = await db.select().from(s.categories).orderBy(asc(s.categories.id)).limit(1);
    const image = await api().inject({ url: category!.imageUrl! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('backs up to portable SQL that restores into an empty database, all or nothing', {
    timeout: 120_000,
  }, async () => {
    const source = testDb.handle();
    let text = '';
    await dumpSql(source.db, (chunk) => {
      text += chunk;
    });
    const before = await tableCounts(source);
    const target = await emptyDatabase();
    try {
      await restoreSql(target.handle.db, text);
      expect(await tableCounts(target.handle)).toEqual(before);
      const a = await source.db.select().from(s.events).orderBy(asc(s.events.id)).limit(3);
      const b = await target.handle.db.select().from(s.events).orderBy(asc(s.events.id)).limit(3);
      expect(b).toEqual(a);
      // Sequences continue after the restored ids.
      const [created] = await target.handle.db
        .insert(s.categories)
        .values({ slug: 'new-after-restore', namePl: 'Nowa', nameEn: 'New' })
        .returning();
      expect(created!.id).toBeGreaterThan(before.categories ?? 0);

      // A second load into the same database fails as a whole and changes nothing.
      await expect(restoreSql(target.handle.db, text)).rejects.toThrow();
      const [events] = await target.handle.db.select({ n: count() }).from(s.events);
      expect(events?.n).toBe(before.events);
    } finally {
      await target.drop();
    }
  });
});

describe('embedded database safety', () => {
  it('lets only one opener use a PGlite data directory at a time', { timeout: 60_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
    const dir = path.join(dataDir, 'pglite');
    const first = await openPglite({ dataDir: dir });
    try {
      await expect(openPglite({ dataDir: dir })).rejects.toBeInstanceOf(DatabaseLockedError);
      // A second process is told so in one line and stops.
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-migrate.ts'], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      const lines = run.stderr
        .trim()
        .split('\n')
        .filter((l) => !l.includes('nodedir'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('already open in another process');
    } finally {
      await first.close();
    }
    const again = await openPglite({ dataDir: dir });
    await again.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('media', () => {
  it('serves stored images with long cache headers and refuses anything else', async () => {
    const webp = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 'binary');
    await getStorage().put('test/pixel.webp', webp);
    const ok = await api().inject({ url: '/media/test/pixel.webp' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toContain('immutable');
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    for (const url of [
      '/media/test/missing.webp',
      '/media/../../etc/passwd',
      '/media/test/%2e%2e/x.webp',
      '/media/test/pixel.txt',
    ]) {
      expect((await api().inject({ url })).statusCode).toBe(404);
    }
  });
});
