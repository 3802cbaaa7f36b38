import type http from 'node:http';
import { listQueryKeys, searchBarKeys } from '@/components/list/list-url';
import { csrfCookieNames } from '@/lib/csrf';
import { defaultLocale, isLocale, localeCookie } from '@/lib/locale';
import { onSearchDataChanged, replicaReadsSettled, searchCacheIsLive } from '@/server/search/search-cache';
import { ByteLru } from './byte-lru';
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
//
// Memory is bounded in bytes, not entries (issue 26: 7,500 requests for `/about-us?<15,000 random
// characters>` took the process from 586 to 847 MB, each address kept). A page is kept by what it reads
// of its address, and the request is rendered from only that, so no parameter a page ignores makes a
// new entry (the same flood now adds about 10 MB, tests/security/page-cache-memory.test.ts).

const TTL_MS = 30_000;
/** The kept pages: their keys, bodies and headers. */
const PAGES_BUDGET = 64 * 1024 * 1024;
/** Larger pages are sent, not kept: one must not push out dozens of others. */
const MAX_PAGE_BYTES = 1024 * 1024;
/** The keys asked for once (`seen`): about 40,000 of the usual 40 to 60 characters. */
const SEEN_BUDGET = 4 * 1024 * 1024;
/** What a Map entry, its record and the key's string header hold beyond the counted characters. */
const ENTRY_OVERHEAD = 100;
/**
 * Longer addresses (after dropping what no page reads) are rendered each time, never kept. A search
 * is at most 200 characters and a city 100 (the search schemas): a real one stays below this even
 * percent-encoded.
 */
const MAX_URL_LENGTH = 2_048;

/** What the page cache may hold in all, in bytes (the figure `pageCacheCounts().bytes` stays under). */
export const pageCacheBudgetBytes = PAGES_BUDGET + SEEN_BUDGET;

const cacheablePath =
  /^\/(?:list|event\/[1-9]\d{0,8}|places\/[1-9]\d{0,8}|how-it-works|about-us|privacy|rule|contact)?\/?(?:\?|$)/;

/**
 * Keys asked for before, least recently first. A page is kept only on its second request: an address
 * asked for once (a one-off search, a crawler walking every event) costs a render, not a render and a copy.
 */
const seen = new ByteLru<true>(SEEN_BUDGET);

function firstRequest(key: string): boolean {
  if (seen.get(key)) return false;
  seen.set(key, true, key.length + ENTRY_OVERHEAD);
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

const pages = new ByteLru<Page>(PAGES_BUDGET);
/** Bumped by every change; a page whose rendering began before one is not kept. */
let generation = 0;

/** Requests for a shareable page answered from here and those rendered, since the process started. */
const counts = { hits: 0, misses: 0 };
/** How each response was answered, for the page metrics server.ts records when it ends. */
const outcomes = new WeakMap<http.ServerResponse, 'hit' | 'miss'>();

/**
 * How many shareable pages were served from the cache and how many were rendered, and the bytes it
 * holds (for /api/metrics).
 */
export function pageCacheCounts(): { hits: number; misses: number; bytes: number } {
  return { ...counts, bytes: pages.bytes + seen.bytes };
}

/** Whether this response came from the cache, was rendered for it, or could not be shared at all. */
export function pageCacheOutcome(res: http.ServerResponse): 'hit' | 'miss' | 'bypass' {
  return outcomes.get(res) ?? 'bypass';
}

function clear() {
  pages.clear();
  generation++;
}
onSearchDataChanged(clear);

/**
 * The address with only the query parameters its page reads, trimmed and in one order: every page's
 * search bar shows three filters (app/layout.tsx), /list reads all of its own (parse-list-query.ts).
 * A page that starts reading another parameter must add it there, or its cached copies would mix.
 */
export function canonicalPageUrl(url: string): string {
  const split = url.indexOf('?');
  const path = split === -1 ? url : url.slice(0, split);
  const query = new URLSearchParams(split === -1 ? '' : url.slice(split + 1));
  const kept = new URLSearchParams();
  for (const name of /^\/list\/?$/.test(path) ? listQueryKeys : searchBarKeys) {
    const value = query.get(name)?.trim();
    if (value) kept.set(name, value);
  }
  return kept.size ? `${path}?${kept}` : path;
}

/**
 * The language a page is rendered in by the cookies alone (i18n/request.ts), or null when another
 * cookie (a session) makes the page the visitor's own. Cookies are parsed as Next.js parses them, so
 * that the key names the language the page is actually rendered in.
 */
function cookieLocale(header: string): string | null {
  let locale: string = defaultLocale;
  for (const pair of header.split(/; */)) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    const name = at === -1 ? pair : pair.slice(0, at);
    if (csrfCookieNames.includes(name)) continue;
    // Given out by the detail pages only; the shared pages look the same with it.
    if (name === visitorCookie) continue;
    if (name !== localeCookie) return null;
    let value: string;
    try {
      value = decodeURIComponent(at === -1 ? 'true' : pair.slice(at + 1));
    } catch {
      continue;
    }
    locale = isLocale(value) ? value : defaultLocale;
  }
  return locale;
}

/** The cache key of a request whose page may be shared, and the address to render it from; or null. */
function shareable(req: http.IncomingMessage): { key: string; url: string } | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const raw = req.url ?? '/';
  if (!cacheablePath.test(raw) || raw.includes('_rsc=')) return null;
  for (const name of Object.keys(req.headers)) {
    if (name === 'rsc' || name.startsWith('next-')) return null;
  }
  const url = canonicalPageUrl(raw);
  if (url.length > MAX_URL_LENGTH) return null;
  // An /en address says its language (src/web/locale-prefix.ts; its links and canonical address may
  // differ from the unprefixed page in English); otherwise the cookie does.
  const fromCookie = cookieLocale(req.headers.cookie ?? '');
  if (fromCookie === null) return null;
  const urlLocale = String(req.headers['x-portal-locale'] ?? '');
  const locale = urlLocale ? `/${urlLocale}` : fromCookie;
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  // Issue 30: "open now", "on now" and "tonight" move with the clock, so such a page is kept only within the
  // minute it was made in.
  const minute = /[?&](open_now|happening)=/.test(url) ? `|${Math.floor(Date.now() / 60_000)}` : '';
  return { key: `${locale}|${gzip ? 'gzip' : ''}|${url}${minute}`, url };
}

/** What a kept page's headers hold, roughly. */
function headerBytes(headers: http.OutgoingHttpHeaders): number {
  let total = 0;
  for (const [name, value] of Object.entries(headers)) total += name.length + String(value).length;
  return total;
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
  const shared = shareable(req);
  if (!shared) {
    render();
    return;
  }
  const { key, url } = shared;
  // Rendered from what the key says, so that the copy is right for every address with this key.
  req.url = url;
  const hit = pages.get(key);
  if (hit && hit.expires > Date.now()) {
    counts.hits++;
    outcomes.set(res, 'hit');
    send(hit, req, res);
    onHit?.(req);
    return;
  }
  if (hit) pages.delete(key);
  counts.misses++;
  outcomes.set(res, 'miss');
  if (req.method === 'HEAD' || firstRequest(key)) {
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
      sent.length <= MAX_PAGE_BYTES &&
      (encoding === 'identity' || encoding === 'gzip');
    if (shareable && settled && startedAt === generation && searchCacheIsLive()) {
      const nonce = nonceOf(req.headers['content-security-policy']);
      const body = makeNonceTemplate(sent, nonce, encoding === 'gzip');
      pages.set(
        key,
        { status: 200, headers, nonce, body, expires: Date.now() + TTL_MS },
        key.length + body.bytes + headerBytes(headers) + ENTRY_OVERHEAD,
      );
    }
    return result;
  } as typeof res.end;
  render();
}
