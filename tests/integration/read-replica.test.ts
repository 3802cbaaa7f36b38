import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Api, buildApi } from '@/api/app';
import {
  closeDb,
  type DbHandle,
  getReadDb,
  openPostgres,
  setDbHandle,
  withReadPreference,
} from '@/db/client';
import { migrate } from '@/db/migrate';
import * as s from '@/db/schema';
import { seedReference } from '@/seed/demo';
import { hashToken } from '@/server/auth/access-tokens';
import { ensureFirstPartyClient } from '@/server/auth/tokens';
import { searchDataChanged } from '@/server/search/search-cache';
import { createPostgresDatabase } from '../helpers/portal-server';

// Issue 16: with DATABASE_READ_URL, searches and public pages of visitors who are not signed in read from
// the replica; anyone signed in, and every write, uses the primary, so people read their own writes.
// Two real PostgreSQL databases stand in for a primary and a replica that has not caught up: each holds
// an event the other lacks, so every answer shows which one it came from.

const adminUrl = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const suffix = randomBytes(4).toString('hex');
let primary: Awaited<ReturnType<typeof createPostgresDatabase>>;
let replica: Awaited<ReturnType<typeof createPostgresDatabase>>;
let app: Api;
const ids = { primary: 0, replica: 0 };
let bearer = '';

async function prepare(url: string, eventName: string) {
  const handle = await openPostgres(url, { max: 2 });
  await migrate(handle);
  await seedReference(handle.db);
  await ensureFirstPartyClient(handle.db);
  const [owner] = await handle.db
    .insert(s.users)
    .values({
      email: `owner-${suffix}@example.com`,
      role: 'company',
      companyName: 'Sala',
      emailVerifiedAt: new Date(),
    })
    .returning();
  const [place] = await handle.db
    .insert(s.places)
    .values({ userId: owner!.id, name: 'Sala', city: 'Gdańsk', street: 'Długa 1', postcode: '80-001' })
    .returning();
  const [category] = await handle.db.select({ id: s.categories.id }).from(s.categories).limit(1);
  const start = new Date(Date.now() + 86_400_000);
  const [event] = await handle.db
    .insert(s.events)
    .values({
      userId: owner!.id,
      placeId: place!.id,
      categoryId: category!.id,
      name: eventName,
      description: 'Opis wydarzenia',
      city: 'Gdańsk',
      placeName: 'Sala',
      startDate: start,
      endDate: new Date(start.getTime() + 7_200_000),
    })
    .returning();
  return { handle, eventId: event!.id, ownerId: owner!.id };
}

beforeAll(async () => {
  primary = await createPostgresDatabase(adminUrl, `portal_primary_${suffix}`);
  replica = await createPostgresDatabase(adminUrl, `portal_replica_${suffix}`);
  // Read once by getConfig(): set before anything asks for it.
  process.env.DATA_DIR = inject('dataDir');
  process.env.DATABASE_URL = primary.url;
  process.env.DATABASE_READ_URL = replica.url;
  const onReplica = await prepare(replica.url, 'Koncert z repliki');
  await onReplica.handle.close();
  const onPrimary = await prepare(primary.url, 'Koncert z primary');
  ids.primary = onPrimary.eventId;
  ids.replica = onReplica.eventId;
  const token = randomBytes(24).toString('hex');
  await onPrimary.handle.db.insert(s.accessTokens).values({
    userId: onPrimary.ownerId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  bearer = token;
  setDbHandle(onPrimary.handle as DbHandle);
  app = await buildApi({ logger: false });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await closeDb();
  await primary?.drop();
  await replica?.drop();
});

const names = (body: string) => (JSON.parse(body).data as { name: string }[]).map((e) => e.name);

describe('reads with a replica', () => {
  it('serves a visitor’s search from the replica and a signed-in caller’s from the primary', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/event?search=koncert' });
    expect(anonymous.statusCode).toBe(200);
    expect(names(anonymous.body)).toEqual(['Koncert z repliki']);

    const signedIn = await app.inject({
      method: 'GET',
      url: '/api/event?search=koncert',
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(names(signedIn.body)).toEqual(['Koncert z primary']);

    // The pages' session cookie counts as signed in too, even before it is checked.
    const withCookie = await app.inject({
      method: 'GET',
      url: '/api/event?search=koncert',
      headers: { cookie: `token=${bearer}` },
    });
    expect(names(withCookie.body)).toEqual(['Koncert z primary']);
  });

  it('keeps nothing read from the replica in the first moments after a change, then keeps it', async () => {
    const search = async () =>
      names((await app.inject({ method: 'GET', url: '/api/event?search=rockowy' })).body);
    const replicaDb = await openPostgres(replica.url, { max: 1 });
    // A raw statement: this process's own insert() calls would empty its caches, as a real write does.
    const add = (name: string) =>
      replicaDb.db.execute(sql`insert into events (user_id, place_id, category_id, name, description, city,
        place_name, start_date, end_date) select user_id, place_id, category_id, ${name}, description, city,
        place_name, start_date, end_date from events limit 1`);
    try {
      searchDataChanged();
      expect(await search()).toEqual([]);
      await add('Wieczór rockowy 1');
      // Not kept: the replica's later state shows at once.
      expect(await search()).toEqual(['Wieczór rockowy 1']);
      await new Promise((r) => setTimeout(r, 2_100));
      expect(await search()).toEqual(['Wieczór rockowy 1']);
      await add('Wieczór rockowy 2');
      // Kept now (the replica changed behind the primary's back, so nothing announced it).
      expect(await search()).toEqual(['Wieczór rockowy 1']);
    } finally {
      await replicaDb.close();
    }
  });

  it('answers public pages’ reads from the replica for visitors only', async () => {
    const seen = await app.inject({ method: 'GET', url: `/api/event/${ids.replica}` });
    expect(seen.statusCode).toBe(200);
    expect(JSON.parse(seen.body).data.name).toBe('Koncert z repliki');
    const fromPrimary = await app.inject({
      method: 'GET',
      url: `/api/event/${ids.primary}`,
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(JSON.parse(fromPrimary.body).data.name).toBe('Koncert z primary');
  });

  it('reads from the primary outside a request (jobs, scripts) and inside one that writes', async () => {
    const read = async () =>
      (await (await getReadDb()).select({ name: s.events.name }).from(s.events)).map((r) => r.name);
    expect(await read()).toEqual(['Koncert z primary']);
    expect(await withReadPreference(true, read)).toContain('Koncert z repliki');
    expect(await withReadPreference(true, read)).not.toContain('Koncert z primary');
    expect(await withReadPreference(false, read)).toEqual(['Koncert z primary']);
    // A write from a visitor (here a newsletter sign-up) and what it reads go to the primary.
    const post = await app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: `reader-${suffix}@example.com` },
    });
    expect(post.statusCode).toBeLessThan(300);
    const [row] = await (await getReadDb())
      .select({ email: s.newsletterSubscribers.email })
      .from(s.newsletterSubscribers);
    expect(row?.email).toBe(`reader-${suffix}@example.com`);
  });
});
