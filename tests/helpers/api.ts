import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { type Api, buildApi } from '@/api/app';
import { getConfig } from '@/config';
import { getDb } from '@/db/client';
import { accessTokens, places, users } from '@/db/schema';
import { hashToken } from '@/server/auth/access-tokens';

/** A Fastify instance for `inject()`, built after the file's database is ready. */
export function setupApi(): () => Api {
  let app: Api | undefined;
  beforeAll(async () => {
    app = await buildApi({ logger: process.env.TEST_LOG === '1' });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });
  return () => {
    if (!app) throw new Error('api not ready');
    return app;
  };
}

/**
 * The `Origin` a browser sends with the pages' own calls: the API refuses sign-in calls and writes
 * authenticated by the session cookie without proof that they come from the portal's pages.
 */
export function portalOrigin(): { origin: string } {
  return { origin: new URL(getConfig().publicUrl).origin };
}

let counter = 0;

/** Inserts a confirmed account and a live access token for it; returns both. */
export async function createAccount(role: 'user' | 'company' | 'admin' = 'user') {
  const db = await getDb();
  counter++;
  const [user] = await db
    .insert(users)
    .values({
      email: `${role}${counter}-${randomBytes(3).toString('hex')}@example.com`,
      role,
      firstName: 'Test',
      lastName: `User${counter}`,
      companyName: role === 'company' ? `Company ${counter}` : null,
      emailVerifiedAt: new Date(),
    })
    .returning();
  if (!user) throw new Error('insert failed');
  const token = randomBytes(32).toString('hex');
  await db.insert(accessTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}

/** A company account with one place in Gdańsk and `eventsLeft` event creations. */
export async function createOrganiser({ eventsLeft = 10 }: { eventsLeft?: number } = {}) {
  const account = await createAccount('company');
  const db = await getDb();
  const [place] = await db
    .insert(places)
    .values({ userId: account.user.id, name: 'Sala', city: 'Gdańsk', street: 'Długa 1', postcode: '80-001' })
    .returning();
  if (!place) throw new Error('insert failed');
  await db.update(users).set({ eventsLeft }).where(eq(users.id, account.user.id));
  return { ...account, placeId: place.id };
}
