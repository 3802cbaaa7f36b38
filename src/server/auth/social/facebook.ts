import 'server-only';
import { createHmac } from 'node:crypto';
import { getConfig } from '@/config';
import { SocialAuthError, type SocialIdentity } from './identity';

// Adapter for "Log in with Facebook". The browser gets a user access token from the JS SDK; we trust
// nothing it posts besides that token, and ask the Graph API who it belongs to.

const timeoutMs = 5000;

// Graph error codes that mean "try again later" (unknown, service, rate limits), not "bad token".
const transientGraphCodes = new Set([1, 2, 4, 17, 32, 341, 613]);

interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  is_transient?: boolean;
}

interface DebugTokenResponse {
  data?: { app_id?: string | number; is_valid?: boolean; user_id?: string };
}

interface MeResponse {
  id?: string;
  email?: string;
  first_name?: string;
  last_name?: string;
}

/** Verifies a Facebook user access token with the Graph API and returns the profile it belongs to. */
export async function verifyFacebookToken(accessToken: string): Promise<SocialIdentity> {
  const facebook = getConfig().facebook;
  if (!facebook) throw new SocialAuthError('not_configured', 'Facebook login is not configured');
  if (!accessToken) throw new SocialAuthError('invalid_token', 'empty access token');

  // A token issued to another app is valid at Facebook but must not sign anyone in here.
  const debug = await graphGet<DebugTokenResponse>(`${facebook.graphUrl}/debug_token`, {
    input_token: accessToken,
    access_token: `${facebook.appId}|${facebook.appSecret}`,
  });
  if (debug.data?.is_valid !== true || String(debug.data.app_id) !== facebook.appId) {
    throw new SocialAuthError('invalid_token', 'token is not valid for this app');
  }

  // appsecret_proof proves the call comes from our server, so a stolen token alone cannot be replayed here.
  const me = await graphGet<MeResponse>(`${facebook.graphUrl}/me`, {
    fields: 'id,email,first_name,last_name',
    access_token: accessToken,
    appsecret_proof: createHmac('sha256', facebook.appSecret).update(accessToken).digest('hex'),
  });
  if (!me.id) throw new SocialAuthError('invalid_token', 'Graph API returned no user id');

  const email = me.email || null;
  return {
    provider: 'facebook',
    subject: me.id,
    email,
    // Facebook does not say whether an e-mail is verified, but it only returns confirmed addresses.
    emailVerified: email !== null,
    firstName: me.first_name || null,
    lastName: me.last_name || null,
  };
}

/** One Graph API GET: network failures, 5xx and rate limits are the provider's; other errors the token's. */
async function graphGet<T>(url: string, query: Record<string, string>): Promise<T> {
  let response: Response;
  let body: (T & { error?: GraphError }) | undefined;
  try {
    response = await fetch(`${url}?${new URLSearchParams(query)}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    body = response.status < 500 ? await response.json() : undefined;
  } catch (error) {
    throw new SocialAuthError('provider_unavailable', 'Graph API unreachable', { cause: error });
  }
  if (!body || typeof body !== 'object') {
    throw new SocialAuthError('provider_unavailable', `Graph API answered ${response.status}`);
  }
  const error = body.error;
  if (error || !response.ok) {
    const transient = error?.is_transient === true || transientGraphCodes.has(error?.code ?? -1);
    throw new SocialAuthError(
      transient ? 'provider_unavailable' : 'invalid_token',
      error?.message ?? `Graph API answered ${response.status}`,
    );
  }
  return body;
}
