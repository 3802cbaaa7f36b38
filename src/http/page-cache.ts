import type http from 'node:http';
import { localeCookie } from '../lib/locale';
import { onSearchDataChanged, searchCacheIsLive } from '../server/search/search-cache';

// The home page and the results list look the same to every visitor who is not signed in, apart
// from the language, and rendering them costs far more than sending them (about 25 ms of CPU for
// the home page's sixty cards). Their HTML for anonymous visitors is therefore kept for a short
// time and dropped whenever the data behind the searches changes (the search cache's signal).
// A visitor with any cookie but the language one, a client-side navigation (RSC) request, or a
// response that sets a cookie is never served from or stored in here.

const TTL_MS = 30_000;
const MAX_BYTES = 64 * 1024 * 1024;
const cacheablePath = /^\/(list)?(\?|$)/;

interface Page {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
  expires: number;
}

const pages = new Map<string, Page>();
let bytes = 0;
/** Bumped by every change; a page whose rendering began before one is not kept. */
let generation = 0;

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
  let locale = '';
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const [name, value = ''] = pair.trim().split('=');
    if (!name) continue;
    if (name !== localeCookie) return null;
    locale = value;
  }
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  return `${locale}|${gzip ? 'gzip' : ''}|${url}`;
}

function send(page: Page, req: http.IncomingMessage, res: http.ServerResponse) {
  res.writeHead(page.status, { ...page.headers, 'content-length': page.body.length });
  res.end(req.method === 'HEAD' ? undefined : page.body);
}

/**
 * Serves the request from the cache, or lets `render` answer it and keeps a copy of that answer
 * when it may be shared.
 */
export function servePage(req: http.IncomingMessage, res: http.ServerResponse, render: () => void): void {
  const key = keyOf(req);
  const hit = key ? pages.get(key) : undefined;
  if (hit && hit.expires > Date.now()) {
    send(hit, req, res);
    return;
  }
  if (!key || req.method === 'HEAD') {
    render();
    return;
  }

  // Copy what Next.js writes, passing every call through unchanged.
  const startedAt = generation;
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
    delete headers['content-length'];
    delete headers['transfer-encoding'];
    delete headers.connection;
    delete headers['keep-alive'];
    const body = Buffer.concat(chunks);
    const shareable = res.statusCode === 200 && !headers['set-cookie'] && body.length < MAX_BYTES / 64;
    if (shareable && startedAt === generation && searchCacheIsLive()) {
      bytes += body.length - (pages.get(key)?.body.length ?? 0);
      // Deleted first so that the Map's order stays oldest first, for eviction.
      pages.delete(key);
      pages.set(key, { status: 200, headers, body, expires: Date.now() + TTL_MS });
      for (const [oldKey, page] of pages) {
        if (bytes <= MAX_BYTES) break;
        pages.delete(oldKey);
        bytes -= page.body.length;
      }
    }
    return result;
  } as typeof res.end;
  render();
}
