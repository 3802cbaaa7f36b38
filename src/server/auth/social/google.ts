import 'server-only';
import * as client from 'openid-client';
import { getConfig } from '@/config';
import { SocialAuthError, type SocialIdentity } from './identity';

// Adapter for "Sign in with Google" (OpenID Connect, authorization code + PKCE). The only module that
// talks to Google; callers get a verified SocialIdentity or a SocialAuthError.

const scope = 'openid email profile';
const timeoutSeconds = 5;

// Discovery costs two round trips (metadata, then keys on first use), so it is done once per issuer;
// a failed discovery is dropped from the map so the next sign-in tries again.
const configurations = new Map<string, Promise<client.Configuration>>();

function googleSettings() {
  const google = getConfig().google;
  if (!google) throw new SocialAuthError('not_configured', 'Google sign-in is not configured');
  return google;
}

/** Plain HTTP is allowed only for a provider on this machine (the tests' mock); Google itself is HTTPS. */
function isLocalHttp(url: URL): boolean {
  return url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');
}

async function getGoogleConfiguration(): Promise<client.Configuration> {
  const { clientId, clientSecret, issuer } = googleSettings();
  let pending = configurations.get(issuer);
  if (!pending) {
    const url = new URL(issuer);
    const discovered = client.discovery(url, clientId, clientSecret, undefined, {
      timeout: timeoutSeconds,
      execute: isLocalHttp(url) ? [client.allowInsecureRequests] : [],
    });
    pending = discovered;
    configurations.set(issuer, discovered);
    discovered.catch(() => {
      if (configurations.get(issuer) === discovered) configurations.delete(issuer);
    });
  }
  try {
    return await pending;
  } catch (error) {
    // Whatever stops discovery (network, a 5xx, a wrong issuer document), sign-in with Google is down.
    throw new SocialAuthError('provider_unavailable', 'Google discovery failed', { cause: error });
  }
}

/** Where Google sends the browser back; must be registered for the client in Google's console. */
export function googleRedirectUri(): string {
  return `${getConfig().publicUrl}/login/google`;
}

/** Fresh per-login secrets: `state` and `codeVerifier` stay with the browser session, the challenge goes to Google. */
export async function createGoogleLoginChecks(): Promise<{
  state: string;
  codeVerifier: string;
  codeChallenge: string;
}> {
  const codeVerifier = client.randomPKCECodeVerifier();
  return {
    state: client.randomState(),
    codeVerifier,
    codeChallenge: await client.calculatePKCECodeChallenge(codeVerifier),
  };
}

/** The URL of Google's authorization endpoint the login page sends the browser to. */
export async function buildGoogleAuthorizationUrl({
  state,
  codeChallenge,
}: {
  state: string;
  codeChallenge: string;
}): Promise<string> {
  const config = await getGoogleConfiguration();
  return client.buildAuthorizationUrl(config, {
    redirect_uri: googleRedirectUri(),
    scope,
    state,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
  }).href;
}

/**
 * Exchanges the code Google returned for tokens and reads the identity from the ID token, whose signature,
 * issuer, audience and lifetime openid-client checks.
 */
export async function exchangeGoogleCode({
  code,
  codeVerifier,
  state,
  expectedState,
}: {
  code: string;
  codeVerifier?: string;
  state?: string;
  expectedState?: string;
}): Promise<SocialIdentity> {
  // Checked before any request: a callback that is not this session's is refused like a bad code.
  if (state !== expectedState) throw new SocialAuthError('invalid_grant', 'state does not match');
  const config = await getGoogleConfiguration();
  const callback = new URL(googleRedirectUri());
  callback.searchParams.set('code', code);
  if (state !== undefined) callback.searchParams.set('state', state);

  let claims: client.IDToken | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: codeVerifier,
      expectedState,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    throw toSocialAuthError(error);
  }
  if (!claims) throw new SocialAuthError('invalid_token', 'Google returned no ID token');

  return {
    provider: 'google',
    subject: claims.sub,
    email: stringClaim(claims.email),
    // Google has sent email_verified both as a boolean and as the string "true".
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    firstName: stringClaim(claims.given_name),
    lastName: stringClaim(claims.family_name),
  };
}

function stringClaim(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

const unavailableCodes = new Set([
  'OAUTH_TIMEOUT',
  'OAUTH_ABORT',
  'OAUTH_RESPONSE_IS_NOT_CONFORM',
  'OAUTH_RESPONSE_IS_NOT_JSON',
]);
const untrustedTokenCodes = new Set([
  'OAUTH_INVALID_RESPONSE',
  'OAUTH_PARSE_ERROR',
  'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
  'OAUTH_JWT_TIMESTAMP_CHECK_FAILED',
  'OAUTH_KEY_SELECTION_FAILED',
]);

/** Token-endpoint failures in our terms; anything unexpected (e.g. invalid_client, a bug) stays a 500. */
function toSocialAuthError(error: unknown): unknown {
  if (error instanceof client.ResponseBodyError) {
    // Google says invalid_grant for an unknown, used or expired code and for a wrong code_verifier;
    // other servers say invalid_request for the latter.
    if (error.error === 'invalid_grant' || error.error === 'invalid_request') {
      return new SocialAuthError('invalid_grant', error.error_description ?? error.error, { cause: error });
    }
    return error;
  }
  if (error instanceof client.ClientError && error.code) {
    if (unavailableCodes.has(error.code)) {
      return new SocialAuthError('provider_unavailable', error.message, { cause: error });
    }
    if (untrustedTokenCodes.has(error.code)) {
      return new SocialAuthError('invalid_token', error.message, { cause: error });
    }
  }
  // fetch() rejects with a bare TypeError when the connection fails; openid-client's own TypeErrors carry a code.
  if (error instanceof TypeError && !('code' in error)) {
    return new SocialAuthError('provider_unavailable', error.message, { cause: error });
  }
  return error;
}
