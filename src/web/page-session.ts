import type { IncomingMessage, ServerResponse } from 'node:http';
import { tokenCookie } from '@/server/auth/access-tokens';
import {
  clearedSessionCookies,
  readRefreshCookie,
  refreshCookie,
  sessionCookies,
} from '@/server/auth/session-cookies';
import { rotateRefreshToken } from '@/server/auth/tokens';

function parseCookies(header: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) map.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  return map;
}

/**
 * Before a page renders: when the short-lived access cookie has expired but a refresh cookie is
 * there, rotate the pair and hand the new access token to the page's own request, so a signed-in
 * person stays signed in across hours and days ("remember me") without a round trip.
 */
export async function refreshPageSession(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const cookies = parseCookies(req.headers.cookie);
  if (cookies.has(tokenCookie)) return;
  const refresh = readRefreshCookie(cookies.get(refreshCookie));
  if (!refresh) return;
  try {
    const tokens = await rotateRefreshToken({ refreshToken: refresh.token, clientId: null });
    res.setHeader('Set-Cookie', sessionCookies(tokens, refresh.remember));
    cookies.set(tokenCookie, tokens.access_token);
  } catch {
    res.setHeader('Set-Cookie', clearedSessionCookies());
    cookies.delete(refreshCookie);
  }
  req.headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}
