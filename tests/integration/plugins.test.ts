import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApi } from '@/api/app';
import { getDb } from '@/db/client';
import { accessTokens, notifications } from '@/db/schema';
import { hashToken } from '@/server/auth/access-tokens';
import { createAccount, portalOrigin, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const api = setupApi();

async function notify(userId: number) {
  const db = await getDb();
  const [row] = await db
    .insert(notifications)
    .values({ userId, type: 'event_reminder', params: { event: 'Koncert' } })
    .returning();
  return row!;
}

describe('authentication', () => {
  it('answers 401 without a token, in the request language', async () => {
    const res = await api().inject({ url: '/api/notification', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in to continue.' });
  });

  it('accepts a Bearer token and the pages’ httpOnly cookie alike', async () => {
    const { user, token, auth } = await createAccount('user');
    await notify(user.id);
    const bearer = await api().inject({ url: '/api/notification', headers: auth });
    const cookie = await api().inject({ url: '/api/notification', cookies: { token } });
    expect(bearer.statusCode).toBe(200);
    expect(cookie.statusCode).toBe(200);
    expect(bearer.json()).toEqual(cookie.json());
    expect(bearer.json().data[0].message).toBe('Jutro: Koncert');
  });

  it('refuses unknown, expired and revoked tokens', async () => {
    const { user, token } = await createAccount('user');
    const unknown = await api().inject({
      url: '/api/notification',
      headers: { authorization: `Bearer ${randomBytes(32).toString('hex')}` },
    });
    expect(unknown.statusCode).toBe(401);

    const db = await getDb();
    const expired = randomBytes(32).toString('hex');
    await db
      .insert(accessTokens)
      .values({ userId: user.id, tokenHash: hashToken(expired), expiresAt: new Date(Date.now() - 1000) });
    expect(
      (await api().inject({ url: '/api/notification', headers: { authorization: `Bearer ${expired}` } }))
        .statusCode,
    ).toBe(401);

    const logout = await api().inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(204);
    expect(
      (await api().inject({ url: '/api/notification', headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(401);
  });

  it('answers 403 to a role that may not call', async () => {
    const { auth } = await createAccount('company');
    const res = await api().inject({
      url: '/api/notification',
      headers: { ...auth, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You are not allowed to do this.' });
  });
});

describe('notifications', () => {
  it('shows at most 6 and the total', async () => {
    const { user, auth } = await createAccount('user');
    for (let i = 0; i < 8; i++) await notify(user.id);
    const res = await api().inject({ url: '/api/notification', headers: auth });
    expect(res.json().data).toHaveLength(6);
    expect(res.json().total).toBe(8);
  });

  it('deletes only the owner’s notification; someone else’s is not found and stays', async () => {
    const owner = await createAccount('user');
    const other = await createAccount('user');
    const note = await notify(owner.user.id);
    const foreign = await api().inject({
      method: 'DELETE',
      url: `/api/notification/${note.id}`,
      headers: other.auth,
    });
    expect(foreign.statusCode).toBe(404);
    const db = await getDb();
    expect(await db.select().from(notifications).where(eq(notifications.id, note.id))).toHaveLength(1);
    const own = await api().inject({
      method: 'DELETE',
      url: `/api/notification/${note.id}`,
      headers: owner.auth,
    });
    expect(own.statusCode).toBe(204);
    expect(await db.select().from(notifications).where(eq(notifications.id, note.id))).toHaveLength(0);
  });

  it('answers 422 for a malformed id', async () => {
    const { auth } = await createAccount('user');
    const res = await api().inject({
      method: 'DELETE',
      url: '/api/notification/abc',
      headers: { ...auth, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Please correct the marked fields.',
      errors: { id: ['Enter a number.'] },
    });
  });
});

describe('error shape', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await api().inject({ url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ message: 'Nie znaleziono.' });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await api().inject({
      method: 'POST',
      url: '/api/logout',
      headers: { ...portalOrigin(), 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request is not valid.' });
  });

  it('hides the details of an unexpected failure behind a generic 500', async () => {
    const app = await buildApi({ logger: false });
    app.get('/api/test-failure', { schema: { hide: true } }, async () => {
      throw new Error('relation "secret_table" does not exist');
    });
    await app.ready();
    const res = await app.inject({ url: '/api/test-failure', headers: { 'accept-language': 'en' } });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'There was a problem while performing this operation.' });
    expect(res.body).not.toContain('secret_table');
  });
});
