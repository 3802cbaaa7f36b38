import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { type MutableToken, OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { users } from '@/db/schema';
import { portalOrigin, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

// The whole sign-in through our API, against a local OpenID provider and a local Graph API.
process.env.PUBLIC_URL = 'http://portal.test';
process.env.GOOGLE_CLIENT_ID = 'portal-test.apps.googleusercontent.com';
process.env.GOOGLE_CLIENT_SECRET = 'google-test-secret';
process.env.FACEBOOK_APP_ID = '1029384756';
process.env.FACEBOOK_APP_SECRET = 'facebook-test-secret';

const oidc = new OAuth2Server();
const fbUsers: Record<string, { id: string; email?: string; first_name: string; last_name: string }> = {
  'fb-token-ola': { id: '9001', email: 'ola.fb@example.com', first_name: 'Ola', last_name: 'Wiśniewska' },
};
const graph = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://graph.local');
  const q = url.searchParams;
  const json = (status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const secret = process.env.FACEBOOK_APP_SECRET ?? '';
  if (url.pathname.endsWith('/debug_token')) {
    const user = fbUsers[q.get('input_token') ?? ''];
    if (q.get('access_token') !== `${process.env.FACEBOOK_APP_ID}|${secret}`)
      return json(400, { error: { message: 'bad app token', code: 190 } });
    return json(200, { data: { is_valid: !!user, app_id: process.env.FACEBOOK_APP_ID, user_id: user?.id } });
  }
  if (url.pathname.endsWith('/me')) {
    const token = q.get('access_token') ?? '';
    const proof = createHmac('sha256', secret).update(token).digest('hex');
    const user = fbUsers[token];
    if (!user || q.get('appsecret_proof') !== proof)
      return json(400, { error: { message: 'Invalid OAuth access token', code: 190 } });
    return json(200, user);
  }
  json(404, { error: { message: 'unknown path' } });
});

beforeAll(async () => {
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  oidc.issuer.url = `http://127.0.0.1:${oidc.address().port}`;
  process.env.GOOGLE_ISSUER = oidc.issuer.url;
  await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
  process.env.FACEBOOK_GRAPH_URL = `http://127.0.0.1:${(graph.address() as AddressInfo).port}`;
});

// Registered after the servers start: the configuration is read once, when the API is built.
setupTestDb();
const api = setupApi();

afterAll(async () => {
  await oidc.stop();
  await new Promise((resolve) => graph.close(resolve));
});

function nextIdTokenClaims(claims: Record<string, unknown>) {
  const listener = (token: MutableToken) => {
    if (token.payload.aud === undefined) return;
    Object.assign(token.payload, claims);
    oidc.service.off('beforeTokenSigning', listener);
  };
  oidc.service.on('beforeTokenSigning', listener);
}

/** Runs the browser's part: our URL, the provider's sign-in, back to /login/google with a code. */
async function googleCode() {
  const start = await api().inject({ url: '/api/login/google/url' });
  expect(start.statusCode).toBe(200);
  const cookie = start.cookies.find((c) => c.name === 'google_login');
  expect(cookie?.httpOnly).toBe(true);
  const res = await fetch(start.json().data.url, { redirect: 'manual' });
  const back = new URL(res.headers.get('location') ?? '');
  expect(back.pathname).toBe('/login/google');
  return {
    code: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
    cookie: cookie?.value ?? '',
  };
}

describe('sign-in with Google', () => {
  it('answers 401 with the data to prefill registration for a newcomer, and signs in a known account', async () => {
    nextIdTokenClaims({
      sub: 'google-123',
      email: 'kasia.g@example.com',
      email_verified: true,
      given_name: 'Kasia',
      family_name: 'Zielińska',
    });
    const first = await googleCode();
    const newcomer = await api().inject({
      method: 'POST',
      url: '/api/login/google',
      headers: portalOrigin(),
      cookies: { google_login: first.cookie },
      payload: { code: first.code, state: first.state },
    });
    expect(newcomer.statusCode).toBe(401);
    expect(newcomer.json().data).toEqual({
      first_name: 'Kasia',
      last_name: 'Zielińska',
      email: 'kasia.g@example.com',
      provider: 'google',
    });

    // She registers; the provider's verified e-mail links the account at the next sign-in.
    const db = await getDb();
    await db
      .insert(users)
      .values({ email: 'kasia.g@example.com', role: 'user', firstName: 'Kasia', lastName: 'Zielińska' });
    nextIdTokenClaims({ sub: 'google-123', email: 'kasia.g@example.com', email_verified: true });
    const second = await googleCode();
    const signedIn = await api().inject({
      method: 'POST',
      url: '/api/login/google',
      headers: portalOrigin(),
      cookies: { google_login: second.cookie },
      payload: { code: second.code, state: second.state },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().token_type).toBe('Bearer');
    expect(signedIn.cookies.find((c) => c.name === 'token')?.httpOnly).toBe(true);
    const me = await api().inject({
      url: '/api/user',
      headers: { authorization: `Bearer ${signedIn.json().access_token}` },
    });
    expect(me.json().data.email).toBe('kasia.g@example.com');
    const [linked] = await db.select().from(users).where(eq(users.email, 'kasia.g@example.com'));
    expect(linked?.googleId).toBe('google-123');
    expect(linked?.emailVerifiedAt).not.toBeNull();
  });

  it('refuses a callback whose state is not the browser’s', async () => {
    const { code, cookie } = await googleCode();
    const res = await api().inject({
      method: 'POST',
      url: '/api/login/google',
      headers: portalOrigin(),
      cookies: { google_login: cookie },
      payload: { code, state: 'forged-state' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().data).toBeUndefined();
  });

  it('does not link an unverified Google e-mail to an existing account', async () => {
    const db = await getDb();
    await db.insert(users).values({ email: 'owner@example.com', role: 'user', emailVerifiedAt: new Date() });
    nextIdTokenClaims({ sub: 'google-evil', email: 'owner@example.com', email_verified: false });
    const { code, state, cookie } = await googleCode();
    const res = await api().inject({
      method: 'POST',
      url: '/api/login/google',
      headers: portalOrigin(),
      cookies: { google_login: cookie },
      payload: { code, state },
    });
    expect(res.statusCode).toBe(401);
    const [owner] = await db.select().from(users).where(eq(users.email, 'owner@example.com'));
    expect(owner?.googleId).toBeNull();
  });
});

describe('sign-in with Facebook', () => {
  it('verifies the token with the Graph API and never trusts the posted profile', async () => {
    const forged = await api().inject({
      method: 'POST',
      url: '/api/login/facebook',
      headers: portalOrigin(),
      payload: { access_token: 'made-up', email: 'owner@example.com', id: '1' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().data).toBeUndefined();

    const newcomer = await api().inject({
      method: 'POST',
      url: '/api/login/facebook',
      headers: portalOrigin(),
      payload: { access_token: 'fb-token-ola' },
    });
    expect(newcomer.statusCode).toBe(401);
    expect(newcomer.json().data).toMatchObject({
      email: 'ola.fb@example.com',
      first_name: 'Ola',
      provider: 'facebook',
    });

    const db = await getDb();
    await db.insert(users).values({ email: 'ola.fb@example.com', role: 'user', emailVerifiedAt: new Date() });
    const signedIn = await api().inject({
      method: 'POST',
      url: '/api/login/facebook',
      headers: portalOrigin(),
      payload: { access_token: 'fb-token-ola' },
    });
    expect(signedIn.statusCode).toBe(200);
    const [linked] = await db.select().from(users).where(eq(users.email, 'ola.fb@example.com'));
    expect(linked?.facebookId).toBe('9001');
  });

  it('tells the pages which providers are configured', async () => {
    const res = await api().inject({ url: '/api/login/providers' });
    expect(res.json().data).toEqual({ google: true, facebook: true, facebook_app_id: '1029384756' });
  });
});
