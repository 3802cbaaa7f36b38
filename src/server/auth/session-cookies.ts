import 'server-only';
import { getConfig } from '@/config';
import type { TokenResponse } from '@/lib/schemas/account-responses';
import { tokenCookie } from './access-tokens';
import { accessTokenTtlSeconds, refreshTokenTtlSeconds } from './tokens';

// The pages keep their tokens in httpOnly cookies the page scripts cannot read. The refresh cookie
// records whether "remember me" was ticked, so a rotation keeps the same lifetime.
export const refreshCookie = 'refresh_token';

function serialize(name: string, value: string, maxAge: number | null): string {
  const secure = getConfig().publicUrl.startsWith('https://') ? '; Secure' : '';
  const age = maxAge === null ? '' : `; Max-Age=${maxAge}`;
  return `${name}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax${age}${secure}`;
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
