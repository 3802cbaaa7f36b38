import type http from 'node:http';
import { csrfCookieNames } from '@/lib/csrf';
import { localeCookie } from '@/lib/locale';
import { onSearchDataChanged, replicaReadsSettled, searchCacheIsLive } from '@/server/search/search-cache';
import { fillNonceTemplate, makeNonceTemplate, type NonceTemplate } from './nonce-template';
import { nonceOf } from './security-headers';
import { visitorCookie } from './visitor-cookie';

// Every public page looks the same to every visitor who is not signed in, apart from the language:
// the home page, the results list (a category's or a city's too), event and place pages and the text
// pages. Rendering one costs far more than sending it, so their HTML for anonymous visitors is kept for
// a short time and dropped whenever the data behind them changes (the search cache's signal, which the
// database triggers of migrations 0005 to 0011 send for every table these pages show).
// A visitor with any cookie but the language, visitor and CSRF ones, a client-side navigation (RSC)
// request, or a response that sets a cookie of its own is never served from or stored in here.
// The cookies server.ts sets before rendering (the visitor id) are the request's, not the page's: they
// are sent on a hit as on a render, and never stored.

const TTL_MS = 30_000;
const MAX_BYTES = 64 * 1024 * 1024;
const cacheablePath =
  /^\/(?:list|event\/[1-9]\d{0,8}|places\/[1-9]\d{0,8}|how-it-works|about-us|privacy|rule|contact)?\/?(?:\?|$)/;

/**
 * Keys asked for before, oldest first. A page is kept only on its second request: an address asked for
 * once (a one-off search, a crawler walking every event) costs a render, not a render and a copy.
 */
const seen = new Set<string>();
const MAX_SEEN = 50_000;

function firstRequest(key: string): boolean {
  if (seen.has(key)) return false;
  seen.add(key);
  if (seen.size > MAX_SEEN) seen.delete(seen.values().next().value as string);
  return true;
}

interface Page {
  status: number;
  headers: http.OutgoingHttpHeaders;
  /** The CSP nonce the page was rendered with; every serve replaces it (nonce-template.ts). */
  nonce: string | undefined;
  body: NonceTemplate;
  expires: number;
}

const pages = new Map<string, Page>();
let bytes = 0;
/** Bumped by every change; a page whose rendering began before one is not kept. */
let generation = 0;

/** Requests for a shareable page answered from here and those rendered, since the process started. */
const counts = { hits: 0, misses: 0 };
/** How each response was answered, for the page metrics server.ts records when it ends. */
const outcomes = new WeakMap<http.ServerResponse, 'hit' | 'miss'>();

/** How many shareable pages were served from the cache and how many were rendered (for /api/metrics). */
export function pageCacheCounts(): { hits: number; misses: number } {
  return { ...counts };
}

/** Whether this response came from the cache, was rendered for it, or could not be shared at all. */
export function pageCacheOutcome(res: http.ServerResponse): 'hit' | 'miss' | 'bypass' {
  return outcomes.get(res) ?? 'bypass';
}

function clear() {
  pages.clear();
  bytes = 0;
  generation++;
}
onSearchDataChanged(clear);

/** The cache key of a request whose page may be shared, or null. */
function keyOf(req: http.IncomingMessage): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const url = req.url ?? '/';
  if (!cacheablePath.test(url) || url.includes('_rsc=')) return null;
  for (const name of Object.keys(req.headers)) {
    if (name === 'rsc' || name.startsWith('next-')) return null;
  }
  // An /en address says its language (src/web/locale-prefix.ts; its links and canonical address may
  // differ from the unprefixed page in English); otherwise the cookie does.
  const urlLocale = String(req.headers['x-portal-locale'] ?? '');
  let locale = urlLocale ? `/${urlLocale}` : '';
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const [name, value = ''] = pair.trim().split('=');
    if (!name) continue;
    if (csrfCookieNames.includes(name)) continue;
    // Given out by the detail pages only; the shared pages look the same with it.
    if (name === visitorCookie) continue;
    if (name !== localeCookie) return null;
    if (!urlLocale) locale = value;
  }
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  return `${locale}|${gzip ? 'gzip' : ''}|${url}`;
}

function send(page: Page, req: http.IncomingMessage, res: http.ServerResponse) {
  const ownCookies = res.getHeader('set-cookie') as string | string[] | undefined;
  // server.ts gave this request a nonce of its own; the stored headers and body carry the old one.
  const nonce = nonceOf(req.headers['content-security-policy']) ?? page.nonce;
  const old = page.nonce;
  const headers = Object.fromEntries(
    Object.entries(page.headers).map(([name, value]) => [
      name,
      old && nonce && typeof value === 'string' ? value.replaceAll(old, nonce) : value,
    ]),
  );
  const body = nonce ? fillNonceTemplate(page.body, nonce) : Buffer.concat(page.body.parts);
  res.writeHead(page.status, {
    ...headers,
    ...(ownCookies === undefined ? {} : { 'set-cookie': ownCookies }),
    'content-length': body.length,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Serves the request from the cache, or lets `render` answer it and keeps a copy of that answer
 * when it may be shared. `onHit` runs for a request answered from the cache (a rendered page counts
 * its own visit; a copied one cannot).
 */
export function servePage(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  render: () => void,
  onHit?: (req: http.IncomingMessage) => void,
): void {
  const key = keyOf(req);
  const hit = key ? pages.get(key) : undefined;
  if (hit && hit.expires > Date.now()) {
    counts.hits++;
    outcomes.set(res, 'hit');
    send(hit, req, res);
    onHit?.(req);
    return;
  }
  if (key) {
    counts.misses++;
    outcomes.set(res, 'miss');
  }
  if (!key || req.method === 'HEAD' || firstRequest(key)) {
    render();
    return;
  }

  // Copy what Next.js writes, passing every call through unchanged.
  const startedAt = generation;
  // A page read from a replica right after a change may miss it: it is sent, not kept.
  const settled = replicaReadsSettled();
  const requestCookies = String(res.getHeader('set-cookie') ?? '');
  const chunks: Buffer[] = [];
  let extraHeaders: http.OutgoingHttpHeaders = {};
  const { write, end, writeHead } = res;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(
      Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array),
    );
  };
  res.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
    const headers = args.find((a) => typeof a === 'object' && a !== null);
    if (headers && !Array.isArray(headers)) extraHeaders = headers as http.OutgoingHttpHeaders;
    return (writeHead as (...a: unknown[]) => http.ServerResponse).apply(this, args);
  } as typeof res.writeHead;
  res.write = function (this: http.ServerResponse, chunk: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (write as (...a: unknown[]) => boolean).apply(this, [chunk, ...rest]);
  } as typeof res.write;
  res.end = function (this: http.ServerResponse, ...args: unknown[]) {
    keep(args[0], args[1]);
    const result = (end as (...a: unknown[]) => http.ServerResponse).apply(this, args);
    const headers: http.OutgoingHttpHeaders = { ...res.getHeaders(), ...extraHeaders };
    // The page set no cookie of its own when it sent only the ones server.ts had set for the request.
    const pageSetCookie = String(headers['set-cookie'] ?? '') !== requestCookies;
    delete headers['set-cookie'];
    delete headers['content-length'];
    delete headers['transfer-encoding'];
    delete headers.connection;
    delete headers['keep-alive'];
    const sent = Buffer.concat(chunks);
    const encoding = headers['content-encoding'] ?? 'identity';
    const shareable =
      res.statusCode === 200 &&
      !pageSetCookie &&
      sent.length < MAX_BYTES / 64 &&
      (encoding === 'identity' || encoding === 'gzip');
    if (shareable && settled && startedAt === generation && searchCacheIsLive()) {
      const nonce = nonceOf(req.headers['content-security-policy']);
      const body = makeNonceTemplate(sent, nonce, encoding === 'gzip');
      bytes += body.bytes - (pages.get(key)?.body.bytes ?? 0);
      // Deleted first so that the Map's order stays oldest first, for eviction.
      pages.delete(key);
      pages.set(key, { status: 200, headers, nonce, body, expires: Date.now() + TTL_MS });
      for (const [oldKey, page] of pages) {
        if (bytes <= MAX_BYTES) break;
        pages.delete(oldKey);
        bytes -= page.body.bytes;
      }
    }
    return result;
  } as typeof res.end;
  render();
}
