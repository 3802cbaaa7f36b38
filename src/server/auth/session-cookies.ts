import 'server-only';
import { getConfig } from '@/config';
import type { TokenResponse } from '@/lib/schemas/account-responses';
import { tokenCookie } from './access-tokens';
import { deviceCookieName, deviceTtlSeconds } from './login-devices';
import { accessTokenTtlSeconds, refreshTokenTtlSeconds } from './tokens';

// The pages keep their tokens in httpOnly cookies the page scripts cannot read. The refresh cookie
// records whether "remember me" was ticked, so a rotation keeps the same lifetime.
export const refreshCookie = 'refresh_token';

function serialize(name: string, value: string, maxAge: number | null, path = '/'): string {
  const secure = getConfig().publicUrl.startsWith('https://') ? '; Secure' : '';
  const age = maxAge === null ? '' : `; Max-Age=${maxAge}`;
  return `${name}=${encodeURIComponent(value)}; Path=${path}; HttpOnly; SameSite=Lax${age}${secure}`;
}

/**
 * The browser's device cookie (login-devices.ts), sent back only to the sign-in call that set it
 * (`/api/session` for the pages, `/oauth/token` for API clients): no other request carries it.
 */
export function deviceCookie(token: string, path: '/api/session' | '/oauth/token'): string {
  return serialize(deviceCookieName, token, deviceTtlSeconds, path);
}

export function sessionCookies(tokens: TokenResponse, remember: boolean): string[] {
  return [
    serialize(tokenCookie, tokens.access_token, accessTokenTtlSeconds),
    serialize(
      refreshCookie,
      `${remember ? 'p' : 's'}.${tokens.refresh_token}`,
      remember ? refreshTokenTtlSeconds : null,
    ),
  ];
}

export function clearedSessionCookies(): string[] {
  return [serialize(tokenCookie, '', 0), serialize(refreshCookie, '', 0)];
}

export function readRefreshCookie(value: string | undefined): { token: string; remember: boolean } | null {
  if (!value) return null;
  const decoded = decodeURIComponent(value);
  const m = decoded.match(/^([ps])\.(.+)$/);
  return m?.[2] ? { token: m[2], remember: m[1] === 'p' } : null;
}
