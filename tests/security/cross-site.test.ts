import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getConfig } from '@/config';
import { getDb } from '@/db/client';
import { users } from '@/db/schema';
import { hashPassword } from '@/server/auth/passwords';
import { createAccount, portalOrigin, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { multipart } from '../helpers/forms';

// Issue 10, point 5: the API took the session cookie with form bodies and never asked where a
// request came from. A page on another origin of the same site (SameSite=Lax lets its requests
// carry the cookie) changed a user's profile, and a cross-site form signed a victim into an
// attacker's account through /api/session.

setupTestDb();
const api = setupApi();

const evil = 'http://evil.localhost:3000';
const refusal = 'This request did not come from the portal’s own pages. Reload the page and try again.';

/** The victim's profile form, as a hostile page would post it with the victim's cookie. */
function profileForm(firstName: string, email: string) {
  return new URLSearchParams({
    _method: 'PUT',
    first_name: firstName,
    last_name: 'Nowak',
    email,
    city: 'Gdańsk',
  }).toString();
}

async function firstNameOf(id: number) {
  const [row] = await (await getDb()).select().from(users).where(eq(users.id, id));
  return row?.firstName;
}

describe('writes authenticated by the session cookie', () => {
  it('refuses a profile change from another origin of the same site, and takes it from the portal’s pages', async () => {
    const victim = await createAccount('user');
    const attacks: Record<string, string>[] = [
      { origin: evil },
      { origin: 'http://localhost:3000.evil.example' },
      { origin: 'null' },
      // Another origin that the browser only marks as same-site.
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
      // Origin decides when sent, whatever Sec-Fetch-Site claims.
      { origin: evil, 'sec-fetch-site': 'same-origin' },
      // No proof at all.
      {},
    ];
    for (const headers of attacks) {
      const res = await api().inject({
        method: 'POST',
        url: `/api/user/${victim.user.id}`,
        cookies: { token: victim.token },
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
        payload: profileForm('Hacked', victim.user.email),
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ message: refusal });
    }
    const form = await multipart({
      _method: 'PUT',
      first_name: 'Hacked',
      last_name: 'Nowak',
      city: 'Gdańsk',
    });
    const viaMultipart = await api().inject({
      method: 'POST',
      url: `/api/user/${victim.user.id}`,
      cookies: { token: victim.token },
      headers: { ...form.headers, origin: evil },
      payload: form.payload,
    });
    expect(viaMultipart.statusCode).toBe(403);
    expect(await firstNameOf(victim.user.id)).toBe('Test');

    // The same change from the portal's own pages goes through.
    const publicOrigin = new URL(getConfig().publicUrl).origin;
    const host = new URL(publicOrigin).host;
    const accepted: [string, Record<string, string>][] = [
      ['Origin of PUBLIC_URL', { origin: publicOrigin }],
      // Opened by address instead of by name: Origin matches the Host the browser wrote.
      ['Origin of the Host', { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }],
      ['Sec-Fetch-Site', { 'sec-fetch-site': 'same-origin' }],
      ['token', { 'x-csrf-token': 'k3Jv9Qx1Zr8LmT2pWc7YbA' }],
    ];
    for (const [name, headers] of accepted) {
      const victim = await createAccount('user');
      const res = await api().inject({
        method: 'POST',
        url: `/api/user/${victim.user.id}`,
        cookies: { token: victim.token, csrf: 'k3Jv9Qx1Zr8LmT2pWc7YbA' },
        headers: { host, ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: profileForm(`Anna ${name}`, victim.user.email),
      });
      expect(res.statusCode, name).toBe(200);
      expect(await firstNameOf(victim.user.id)).toBe(`Anna ${name}`);
    }
  });

  it('refuses the fallback token when the cookie and the header differ or are too short', async () => {
    const victim = await createAccount('user');
    for (const [cookie, header] of [
      ['k3Jv9Qx1Zr8LmT2pWc7YbA', 'k3Jv9Qx1Zr8LmT2pWc7YbB'],
      ['short', 'short'],
      ['', ''],
      [undefined, 'k3Jv9Qx1Zr8LmT2pWc7YbA'],
    ] as const) {
      const res = await api().inject({
        method: 'POST',
        url: '/api/place/add_favourite',
        cookies: { token: victim.token, ...(cookie === undefined ? {} : { csrf: cookie }) },
        headers: { 'x-csrf-token': header },
        payload: { id: 1 },
      });
      expect(res.statusCode, `${cookie} / ${header}`).toBe(403);
    }
  });

  it('guards every state-changing route of the API, before reading its body, and nothing else', async () => {
    const victim = await createAccount('company');
    const paths = (api().swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const calls = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
        .map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '1') })),
    );
    expect(calls.length).toBeGreaterThan(20);
    // The one-click unsubscribe (issue 26 item 14) takes its credential from the signed token in its URL,
    // never from the cookie, and mail clients POST it from anywhere: the one exception.
    const signedUrl = calls.filter((c) => c.method === 'POST' && c.url === '/api/unsubscribe');
    expect(signedUrl).toHaveLength(1);
    for (const { method, url } of calls.filter((c) => !signedUrl.includes(c))) {
      const cookieSets: Record<string, string>[] = [{ token: victim.token }, { refresh_token: 'p.anything' }];
      for (const cookies of cookieSets) {
        const res = await api().inject({
          method: method as 'POST',
          url,
          cookies,
          headers: { origin: evil, 'content-type': 'application/json' },
          // Malformed on purpose: had the body been read, the answer would be a 400.
          payload: '{"not json',
        });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }

    // Nothing else: a Bearer call (a browser never adds one for another site), a read, and an
    // anonymous write without a cookie pass from anywhere.
    const attendee = await createAccount('user');
    const bearer = await api().inject({
      method: 'POST',
      url: '/api/place/add_favourite',
      headers: { ...attendee.auth, origin: evil },
      cookies: { token: attendee.token },
      payload: { id: 1 },
    });
    expect(bearer.statusCode).not.toBe(403);
    const read = await api().inject({
      url: '/api/user',
      cookies: { token: victim.token },
      headers: { origin: evil },
    });
    expect(read.statusCode).toBe(200);
    const newsletter = await api().inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { origin: evil },
      payload: { email: 'reader@example.com' },
    });
    expect(newsletter.statusCode).not.toBe(403);
  });
});

describe('signing in and out (login CSRF)', () => {
  async function attackerAccount() {
    const email = `attacker-${Date.now()}@example.com`;
    await (await getDb()).insert(users).values({
      email,
      role: 'user',
      firstName: 'Eve',
      lastName: 'Attacker',
      passwordHash: await hashPassword('attacker-password-1'),
      emailVerifiedAt: new Date(),
    });
    return { email, password: 'attacker-password-1' };
  }

  it('refuses to sign a visitor into an account from a cross-site form: no cookie is set', async () => {
    const credentials = await attackerAccount();
    for (const headers of [{ origin: evil }, { 'sec-fetch-site': 'cross-site' }, {}]) {
      const res = await api().inject({
        method: 'POST',
        url: '/api/session',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(credentials).toString(),
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const own = await api().inject({
      method: 'POST',
      url: '/api/session',
      headers: portalOrigin(),
      payload: credentials,
    });
    expect(own.statusCode).toBe(200);
    expect(own.cookies.find((c) => c.name === 'token')).toBeDefined();
  });

  it('refuses cross-site refresh, sign-out and social sign-in calls, and the session stays', async () => {
    const credentials = await attackerAccount();
    const login = await api().inject({
      method: 'POST',
      url: '/api/session',
      headers: portalOrigin(),
      payload: credentials,
    });
    const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
    for (const url of ['/api/session/refresh', '/api/logout']) {
      const res = await api().inject({ method: 'POST', url, cookies, headers: { origin: evil } });
      expect(res.statusCode, url).toBe(403);
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
    for (const url of ['/api/login/google', '/api/login/facebook']) {
      const res = await api().inject({
        method: 'POST',
        url,
        headers: { origin: evil },
        payload: { code: 'x', access_token: 'x' },
      });
      expect(res.statusCode, url).toBe(403);
    }
    const me = await api().inject({ url: '/api/user', cookies: { token: cookies.token! } });
    expect(me.statusCode).toBe(200);
  });
});
