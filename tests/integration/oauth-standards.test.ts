import { eq } from 'drizzle-orm';
import { ResourceOwnerPassword } from 'simple-oauth2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, buildApi } from '@/api/app';
import { getConfig } from '@/config';
import { getDb } from '@/db/client';
import { categories, users } from '@/db/schema';
import { hashPassword } from '@/server/auth/passwords';
import { createAccount } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

// Issue 34 items 2 and 4: OAuth as RFC 6749, 6750 and 8414 say, checked with a client library nobody here
// wrote, and the rate-limit headers of a limited call.

setupTestDb();
let app: Api;
let base: string;

beforeAll(async () => {
  app = await buildApi({ logger: false });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  app?.server.closeAllConnections();
  await app?.close();
});

async function accountWithPassword(password: string) {
  const account = await createAccount('user');
  const db = await getDb();
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, account.user.id));
  return account.user.email;
}

const client = () => getConfig().oauthClient;
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

describe('OAuth as the RFCs say', () => {
  it('gives simple-oauth2, with its default settings, tokens for a password and then for the refresh token', async () => {
    const email = await accountWithPassword('tajnehaslo1');
    const oauth = new ResourceOwnerPassword({
      client: { id: client().id, secret: client().secret },
      auth: { tokenHost: base, tokenPath: '/oauth/token' },
    });
    const token = await oauth.getToken({ username: email, password: 'tajnehaslo1' });
    expect(token.token.token_type).toBe('Bearer');
    const refreshed = await token.refresh();
    expect(refreshed.token.access_token).not.toBe(token.token.access_token);
    const me = await fetch(`${base}/api/user`, {
      headers: { authorization: `Bearer ${refreshed.token.access_token}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(email);
  });

  it('takes the client by HTTP Basic or in the body, never both, and refuses a wrong secret with a challenge', async () => {
    const email = await accountWithPassword('tajnehaslo2');
    const grant = { grant_type: 'password', username: email, password: 'tajnehaslo2' };
    const byBasic = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: basic(client().id, client().secret) },
      payload: grant,
    });
    expect(byBasic.statusCode).toBe(200);
    const byBody = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { ...grant, client_id: client().id, client_secret: client().secret },
    });
    expect(byBody.statusCode).toBe(200);
    const both = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: basic(client().id, client().secret) },
      payload: { ...grant, client_secret: client().secret },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toBe('invalid_request');
    const wrong = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: basic(client().id, 'not-the-secret') },
      payload: grant,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('invalid_client');
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic /);
  });

  it('challenges a 401 with Bearer, and says when the token sent is invalid or expired', async () => {
    const none = await app.inject({ method: 'GET', url: '/api/user' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="api"');
    const stale = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: 'Bearer 0123456789abcdef', 'accept-language': 'pl' },
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.headers['www-authenticate']).toBe(
      'Bearer realm="api", error="invalid_token", error_description="The access token is invalid or has expired"',
    );
  });

  it('describes the token endpoint at /.well-known/oauth-authorization-server (RFC 8414)', async () => {
    const answer = await fetch(`${base}/.well-known/oauth-authorization-server`);
    expect(answer.status).toBe(200);
    const metadata = (await answer.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer: getConfig().publicUrl,
      token_endpoint: `${getConfig().publicUrl}/oauth/token`,
      grant_types_supported: ['password', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    });
  });
});

describe('rate-limit headers', () => {
  it('says what is left of a limit on each counted call, and when to come back on a 429', async () => {
    const attendee = await createAccount('user');
    const cancel = () =>
      app.inject({
        method: 'POST',
        url: '/api/tickets/2147480000/cancel',
        headers: attendee.auth,
        payload: {},
      });
    const first = await cancel();
    expect(first.statusCode).toBe(404);
    expect(first.headers['ratelimit-limit']).toBe('30');
    expect(first.headers['ratelimit-remaining']).toBe('29');
    expect(first.headers['ratelimit-policy']).toBe('30;w=3600');
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(3500);
    for (let i = 2; i <= 30; i++) await cancel();
    const refused = await cancel();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    // A call that counts against no limit sends none.
    const free = await app.inject({ method: 'GET', url: '/api/category' });
    expect(free.headers['ratelimit-limit']).toBeUndefined();
  });
});

describe('conditional requests', () => {
  it('answers a repeated GET with 304 for its ETag, and 200 with a new tag after a change', async () => {
    const first = await app.inject({
      method: 'GET',
      url: '/api/category',
      headers: { 'accept-language': 'pl' },
    });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await app.inject({
      method: 'GET',
      url: '/api/category',
      headers: { 'accept-language': 'pl', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const db = await getDb();
    const [category] = await db.select().from(categories).limit(1);
    await db
      .update(categories)
      .set({ namePl: `${category?.namePl} (zmieniona)` })
      .where(eq(categories.id, category?.id ?? 0));
    const changed = await app.inject({
      method: 'GET',
      url: '/api/category',
      headers: { 'accept-language': 'pl', 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    await db
      .update(categories)
      .set({ namePl: category?.namePl })
      .where(eq(categories.id, category?.id ?? 0));
  });

  it('keeps a signed-in answer private and a no-store answer uncached', async () => {
    const attendee = await createAccount('user');
    const mine = await app.inject({ method: 'GET', url: '/api/user', headers: attendee.auth });
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    const tickets = await app.inject({ method: 'GET', url: '/api/tickets', headers: attendee.auth });
    expect(tickets.headers.etag).toBeDefined();
    const state = await app.inject({ method: 'GET', url: '/api/event/1/registration' });
    expect(state.headers.etag).toBeUndefined();
  });
});
