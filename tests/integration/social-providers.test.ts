import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type MutableResponse, type MutableToken, OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, getConfig } from '@/config';
import { verifyFacebookToken } from '@/server/auth/social/facebook';
import {
  buildGoogleAuthorizationUrl,
  createGoogleLoginChecks,
  exchangeGoogleCode,
} from '@/server/auth/social/google';
import { SocialAuthError } from '@/server/auth/social/identity';
import { enabledProviders, facebookAppId } from '@/server/auth/social/providers';

// The adapters call getConfig() only when used, and it caches the environment on that first call, so
// the environment below is complete (servers started, ports known) before any test runs.
const google = { clientId: 'portal-test.apps.googleusercontent.com', clientSecret: 'google-test-secret' };
const facebook = { appId: '1029384756', appSecret: 'facebook-test-secret' };
process.env.PUBLIC_URL = 'https://portal.example';
process.env.GOOGLE_CLIENT_ID = google.clientId;
process.env.GOOGLE_CLIENT_SECRET = google.clientSecret;
process.env.FACEBOOK_APP_ID = facebook.appId;
process.env.FACEBOOK_APP_SECRET = facebook.appSecret;

const oidc = new OAuth2Server();
const graph = startFakeGraph();

beforeAll(async () => {
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  // The mock names itself http://localhost:<port> even when bound to 127.0.0.1; say what it listens on.
  oidc.issuer.url = `http://127.0.0.1:${oidc.address().port}`;
  process.env.GOOGLE_ISSUER = oidc.issuer.url;
  process.env.FACEBOOK_GRAPH_URL = await graph.listen();
});

afterAll(async () => {
  await oidc.stop();
  await graph.close();
});

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SocialAuthError);
  return (error as SocialAuthError).reason;
}

/** getConfig() is read once per process, so a test needing other settings swaps them and puts them back. */
async function withConfig<T>(patch: Partial<Config>, run: () => Promise<T>): Promise<T> {
  const config = getConfig();
  const saved = { ...config };
  Object.assign(config, patch);
  try {
    return await run();
  } finally {
    Object.assign(config, saved);
  }
}

/** A port nothing listens on: bound once by us, then released. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('providers', () => {
  it('reports configured providers and the public Facebook app id', () => {
    expect(enabledProviders()).toEqual({ google: true, facebook: true });
    expect(facebookAppId()).toBe(facebook.appId);
  });

  it('answers not_configured for a provider without credentials', async () => {
    await withConfig({ google: undefined, facebook: undefined }, async () => {
      expect(enabledProviders()).toEqual({ google: false, facebook: false });
      expect(facebookAppId()).toBeNull();
      expect(await reasonOf(exchangeGoogleCode({ code: 'x' }))).toBe('not_configured');
      expect(await reasonOf(verifyFacebookToken('x'))).toBe('not_configured');
    });
  });
});

describe('Google', () => {
  /** The mock signs the access token first and the ID token second; only the ID token carries `aud`. */
  function onNextIdToken(claims: Record<string, unknown>) {
    const listener = (token: MutableToken) => {
      if (token.payload.aud === undefined) return;
      Object.assign(token.payload, claims);
      oidc.service.off('beforeTokenSigning', listener);
    };
    oidc.service.on('beforeTokenSigning', listener);
  }

  /** Follows our authorization URL to the mock, which "signs the user in" and redirects back with a code. */
  async function authorize(checks: { state: string; codeChallenge: string }): Promise<string> {
    const res = await fetch(await buildGoogleAuthorizationUrl(checks), { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe('https://portal.example/login/google');
    expect(back.searchParams.get('state')).toBe(checks.state);
    return back.searchParams.get('code')!;
  }

  it('builds the authorization URL with client, redirect URI, scope, PKCE and state', async () => {
    const checks = await createGoogleLoginChecks();
    const url = new URL(await buildGoogleAuthorizationUrl(checks));
    expect(`${url.origin}${url.pathname}`).toBe(`${oidc.issuer.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: google.clientId,
      response_type: 'code',
      redirect_uri: 'https://portal.example/login/google',
      scope: 'openid email profile',
      state: checks.state,
      code_challenge: checks.codeChallenge,
      code_challenge_method: 'S256',
    });
  });

  it('exchanges a code for the identity in the ID token', async () => {
    const checks = await createGoogleLoginChecks();
    const code = await authorize(checks);
    onNextIdToken({
      sub: '109876543210',
      email: 'anna.nowak@example.com',
      email_verified: true,
      given_name: 'Anna',
      family_name: 'Nowak',
    });
    const identity = await exchangeGoogleCode({
      code,
      codeVerifier: checks.codeVerifier,
      state: checks.state,
      expectedState: checks.state,
    });
    expect(identity).toEqual({
      provider: 'google',
      subject: '109876543210',
      email: 'anna.nowak@example.com',
      emailVerified: true,
      firstName: 'Anna',
      lastName: 'Nowak',
    });
  });

  it('reports an unverified or missing e-mail as such', async () => {
    const checks = await createGoogleLoginChecks();
    const code = await authorize(checks);
    onNextIdToken({ sub: '42', email: 'x@example.com', email_verified: false });
    const identity = await exchangeGoogleCode({
      code,
      codeVerifier: checks.codeVerifier,
      ...sameState(checks),
    });
    expect(identity).toMatchObject({ subject: '42', emailVerified: false, firstName: null, lastName: null });
  });

  it('refuses a made-up code as invalid_grant', async () => {
    // The mock accepts any code unless PKCE is used, so it is told to answer as Google does.
    oidc.service.once('beforeResponse', (response: MutableResponse) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant', error_description: 'Malformed auth code.' };
    });
    expect(await reasonOf(exchangeGoogleCode({ code: 'made-up' }))).toBe('invalid_grant');
    // With PKCE the mock itself refuses an unknown code (with invalid_request).
    const { codeVerifier } = await createGoogleLoginChecks();
    expect(await reasonOf(exchangeGoogleCode({ code: 'made-up', codeVerifier }))).toBe('invalid_grant');
  });

  it('refuses a code redeemed with another code verifier', async () => {
    const checks = await createGoogleLoginChecks();
    const code = await authorize(checks);
    const other = await createGoogleLoginChecks();
    const exchange = exchangeGoogleCode({ code, codeVerifier: other.codeVerifier, ...sameState(checks) });
    expect(await reasonOf(exchange)).toBe('invalid_grant');
  });

  it('refuses a callback whose state is not the session’s', async () => {
    const checks = await createGoogleLoginChecks();
    const code = await authorize(checks);
    const exchange = exchangeGoogleCode({ code, state: checks.state, expectedState: 'another-state' });
    expect(await reasonOf(exchange)).toBe('invalid_grant');
  });

  it('refuses an ID token issued to another client', async () => {
    const checks = await createGoogleLoginChecks();
    const code = await authorize(checks);
    onNextIdToken({ aud: 'someone-else.apps.googleusercontent.com' });
    const exchange = exchangeGoogleCode({ code, codeVerifier: checks.codeVerifier, ...sameState(checks) });
    expect(await reasonOf(exchange)).toBe('invalid_token');
  });

  it('answers provider_unavailable when the token endpoint fails', async () => {
    const checks = await createGoogleLoginChecks();
    const code = await authorize(checks);
    oidc.service.once('beforeResponse', (response: MutableResponse) => {
      response.statusCode = 503;
      response.body = { error: 'temporarily_unavailable' };
    });
    const exchange = exchangeGoogleCode({ code, codeVerifier: checks.codeVerifier, ...sameState(checks) });
    expect(await reasonOf(exchange)).toBe('provider_unavailable');
  });

  it('answers provider_unavailable for an unreachable issuer, and does not cache the failure', async () => {
    const port = await closedPort();
    const issuer = `http://127.0.0.1:${port}`;
    const settings = { ...getConfig().google!, issuer };
    await withConfig({ google: settings }, async () => {
      expect(await reasonOf(exchangeGoogleCode({ code: 'x' }))).toBe('provider_unavailable');
      // The same issuer comes up: the next sign-in discovers it instead of repeating the failure.
      const late = new OAuth2Server();
      await late.issuer.keys.generate('RS256');
      late.issuer.url = issuer;
      await late.start(port, '127.0.0.1');
      try {
        const checks = await createGoogleLoginChecks();
        expect(await buildGoogleAuthorizationUrl(checks)).toMatch(`${issuer}/authorize?`);
      } finally {
        await late.stop();
      }
    });
  });
});

function sameState(checks: { state: string }) {
  return { state: checks.state, expectedState: checks.state };
}

describe('Facebook', () => {
  it('verifies a token and reads the profile with a correct appsecret_proof', async () => {
    graph.requests.length = 0;
    const identity = await verifyFacebookToken('token-anna');
    expect(identity).toEqual({
      provider: 'facebook',
      subject: '10160000000000001',
      email: 'anna.nowak@example.com',
      emailVerified: true,
      firstName: 'Anna',
      lastName: 'Nowak',
    });
    expect(graph.requests.map((r) => r.pathname)).toEqual(['/v19.0/debug_token', '/v19.0/me']);
    const me = graph.requests[1]!.searchParams;
    expect(me.get('appsecret_proof')).toBe(
      createHmac('sha256', facebook.appSecret).update('token-anna').digest('hex'),
    );
    expect(me.get('fields')).toBe('id,email,first_name,last_name');
  });

  it('gives no verified e-mail when Facebook returns none', async () => {
    const identity = await verifyFacebookToken('token-no-email');
    expect(identity).toMatchObject({ subject: '10160000000000002', email: null, emailVerified: false });
  });

  // Refused after /debug_token alone: the profile of a token we do not accept is never read.
  it('refuses a token issued to another app', async () => {
    graph.requests.length = 0;
    expect(await reasonOf(verifyFacebookToken('token-other-app'))).toBe('invalid_token');
    expect(graph.requests.map((r) => r.pathname)).toEqual(['/v19.0/debug_token']);
  });

  it('refuses expired and unknown tokens', async () => {
    graph.requests.length = 0;
    expect(await reasonOf(verifyFacebookToken('token-expired'))).toBe('invalid_token');
    expect(await reasonOf(verifyFacebookToken('not-a-token'))).toBe('invalid_token');
    expect(graph.requests.map((r) => r.pathname)).toEqual(['/v19.0/debug_token', '/v19.0/debug_token']);
  });

  it('has a fake Graph API that rejects a wrong appsecret_proof, as Facebook does', async () => {
    const url = new URL(`${getConfig().facebook!.graphUrl}/me`);
    url.search = new URLSearchParams({
      access_token: 'token-anna',
      appsecret_proof: 'f'.repeat(64),
    }).toString();
    const res = await fetch(url);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/appsecret_proof/);
  });

  it('answers provider_unavailable for a Graph API 5xx, a rate limit or an unreachable server', async () => {
    graph.failNext(503);
    expect(await reasonOf(verifyFacebookToken('token-anna'))).toBe('provider_unavailable');
    graph.failNext(400, { message: 'Application request limit reached', type: 'OAuthException', code: 4 });
    expect(await reasonOf(verifyFacebookToken('token-anna'))).toBe('provider_unavailable');
    const settings = { ...getConfig().facebook!, graphUrl: `http://127.0.0.1:${await closedPort()}/v19.0` };
    await withConfig({ facebook: settings }, async () => {
      expect(await reasonOf(verifyFacebookToken('token-anna'))).toBe('provider_unavailable');
    });
  });
});

interface FakeUser {
  appId: string;
  valid: boolean;
  profile: { id: string; email?: string; first_name: string; last_name: string };
}

/**
 * Just enough of the Graph API: /debug_token (authenticated with the app token `id|secret`) and /me
 * (requiring appsecret_proof), with Graph-shaped bodies and errors.
 */
function startFakeGraph() {
  const users = new Map<string, FakeUser>([
    [
      'token-anna',
      {
        appId: facebook.appId,
        valid: true,
        profile: {
          id: '10160000000000001',
          email: 'anna.nowak@example.com',
          first_name: 'Anna',
          last_name: 'Nowak',
        },
      },
    ],
    [
      'token-no-email',
      {
        appId: facebook.appId,
        valid: true,
        profile: { id: '10160000000000002', first_name: 'Jan', last_name: 'Kowalski' },
      },
    ],
    [
      'token-other-app',
      {
        appId: '5555555555',
        valid: true,
        profile: { id: '10160000000000003', email: 'eve@example.com', first_name: 'Eve', last_name: 'X' },
      },
    ],
    [
      'token-expired',
      {
        appId: facebook.appId,
        valid: false,
        profile: { id: '10160000000000004', email: 'old@example.com', first_name: 'Old', last_name: 'Token' },
      },
    ],
  ]);
  const appSecrets = new Map([
    [facebook.appId, facebook.appSecret],
    ['5555555555', 'other-app-secret'],
  ]);
  const requests: URL[] = [];
  let failure: { status: number; error?: object } | undefined;

  const oauthError = (message: string) => ({ error: { message, type: 'OAuthException', code: 190 } });

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://graph.local');
    requests.push(url);
    const q = url.searchParams;
    const send = (status: number, body?: object) => {
      res.writeHead(status, { 'content-type': body ? 'application/json' : 'text/html' });
      res.end(body ? JSON.stringify(body) : '<html>Sorry, something went wrong.</html>');
    };
    if (failure) {
      const { status, error } = failure;
      failure = undefined;
      return send(status, error && { error });
    }
    const path = url.pathname.replace(/^\/v[\d.]+/, '');
    if (path === '/debug_token') {
      if (q.get('access_token') !== `${facebook.appId}|${facebook.appSecret}`) {
        return send(400, oauthError('Invalid OAuth access token signature.'));
      }
      const user = users.get(q.get('input_token') ?? '');
      if (!user) {
        return send(200, {
          data: { is_valid: false, error: { code: 190, message: 'Invalid OAuth access token.' } },
        });
      }
      return send(200, {
        data: {
          app_id: user.appId,
          type: 'USER',
          application: 'Portal',
          expires_at: Math.floor(Date.now() / 1000) + (user.valid ? 3600 : -3600),
          is_valid: user.valid,
          scopes: ['email', 'public_profile'],
          user_id: user.profile.id,
        },
      });
    }
    if (path === '/me') {
      const token = q.get('access_token') ?? '';
      const user = users.get(token);
      if (!user?.valid) return send(400, oauthError('Error validating access token: Session has expired.'));
      const proof = createHmac('sha256', appSecrets.get(user.appId) ?? '')
        .update(token)
        .digest('hex');
      if (q.get('appsecret_proof') !== proof) {
        return send(400, {
          error: {
            message: 'Invalid appsecret_proof provided in the API argument',
            type: 'GraphMethodException',
            code: 100,
          },
        });
      }
      const fields = (q.get('fields') ?? 'id,name').split(',');
      const profile: Record<string, string> = {};
      for (const [key, value] of Object.entries(user.profile)) {
        if (fields.includes(key) && value !== undefined) profile[key] = value;
      }
      return send(200, { ...profile, id: user.profile.id });
    }
    return send(404, { error: { message: 'Unknown path components', type: 'OAuthException', code: 2500 } });
  });

  return {
    requests,
    /** The next request answers `status` with this Graph error, or an HTML page when there is none. */
    failNext(status: number, error?: object) {
      failure = { status, error };
    },
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v19.0`;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
