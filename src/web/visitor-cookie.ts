import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { getConfig } from '@/config';
import { isCrawler } from '@/server/visits/record-visit';

// Popularity counts a visitor once a day (DESIGN.md). Someone not signed in is known by a random id in a
// first-party cookie, not by address and browser: those change with a User-Agent header and are shared
// behind one router. The cookie is only given out by the detail pages, which count visits, so the home
// page and the list, which the page cache shares between anonymous visitors, stay free of it.

export const visitorCookie = 'visitor';
const idPattern = /^[A-Za-z0-9_-]{22}$/;
// 400 days, the longest lifetime browsers keep a cookie for.
const maxAgeSeconds = 400 * 24 * 60 * 60;
const countingPage = /^\/(event|places)\/[^/?#]+\/?(\?|$)/;

/** The visitor id of a Cookie header, if it holds one this portal could have given. */
export function readVisitorId(cookieHeader: string | undefined): string | null {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const i = pair.indexOf('=');
    if (i > 0 && pair.slice(0, i).trim() === visitorCookie) {
      const value = pair.slice(i + 1).trim();
      return idPattern.test(value) ? value : null;
    }
  }
  return null;
}

function visitorCookieHeader(id: string): string {
  const secure = getConfig().publicUrl.startsWith('https://') ? '; Secure' : '';
  return `${visitorCookie}=${id}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * Before a detail page renders: a browser without a visitor id gets one, set on this response and
 * written into the request's own Cookie header, so that this first view already counts under it.
 */
export function assignVisitor(req: http.IncomingMessage, res: http.ServerResponse): void {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !countingPage.test(req.url ?? '')) return;
  if (readVisitorId(req.headers.cookie) || isCrawler(String(req.headers['user-agent'] ?? ''))) return;
  const id = randomBytes(16).toString('base64url');
  const existing = res.getHeader('set-cookie');
  const others = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  res.setHeader('Set-Cookie', [...others, visitorCookieHeader(id)]);
  // A malformed visitor cookie is replaced, not sent twice.
  const kept = (req.headers.cookie ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair && pair.split('=')[0]?.trim() !== visitorCookie);
  req.headers.cookie = [...kept, `${visitorCookie}=${id}`].join('; ');
}
