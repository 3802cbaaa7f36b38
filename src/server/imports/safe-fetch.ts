import 'server-only';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './public-address';

/** Why a feed could not be read: a message key under imports.status. */
export type FetchFailure =
  | 'bad_url'
  | 'unsafe_address'
  | 'unresolvable'
  | 'too_many_redirects'
  | 'timeout'
  | 'too_big'
  | 'http_error'
  | 'not_calendar'
  | 'unreachable';

export class FeedFetchError extends Error {
  constructor(readonly reason: FetchFailure) {
    super(reason);
  }
}

export const maxFeedBytes = 2 * 1024 * 1024;
const timeoutMs = 10_000;
const maxRedirects = 3;

export { isPublicAddress } from './public-address';

export interface SafeFetchOptions {
  /**
   * Which addresses may be contacted. Tests pass a rule letting their local server through; nothing
   * else does, so no setting can open private addresses to a company's URL.
   */
  isAllowedAddress?: (address: string) => boolean;
}

function parseFeedUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FeedFetchError('bad_url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FeedFetchError('bad_url');
  if (url.username || url.password) throw new FeedFetchError('bad_url');
  return url;
}

/** The address the request will go to, checked; a host name is resolved once, here. */
async function checkedAddress(url: URL, allowed: (address: string) => boolean, signal?: AbortSignal) {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let found: { address: string; family: number }[];
  if (isIP(host)) found = [{ address: host, family: isIP(host) }];
  else {
    try {
      // A slow name server counts against the 10 s too: the lookup itself cannot be cancelled.
      const aborted = new Promise<never>((_, reject) =>
        signal?.addEventListener('abort', () => reject(new FeedFetchError('timeout')), { once: true }),
      );
      found = await Promise.race([lookup(host, { all: true, verbatim: true }), aborted]);
    } catch (error) {
      if (error instanceof FeedFetchError) throw error;
      throw new FeedFetchError('unresolvable');
    }
  }
  // Every address must pass: a name with one public and one private address could be steered to either.
  if (found.length === 0) throw new FeedFetchError('unresolvable');
  if (!found.every((a) => allowed(a.address))) throw new FeedFetchError('unsafe_address');
  return found[0] as { address: string; family: number };
}

/** Refuses a URL a company may not import from (scheme, credentials, a private address). */
export async function checkFeedUrl(raw: string, options: SafeFetchOptions = {}): Promise<void> {
  await checkedAddress(parseFeedUrl(raw), options.isAllowedAddress ?? isPublicAddress);
}

interface Hop {
  status: number;
  location?: string;
  body?: string;
}

function requestOnce(url: URL, pinned: { address: string; family: number }, signal: AbortSignal) {
  // The connection goes to the address that was checked: no second lookup a DNS rebinding could answer.
  const pinnedLookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const request = client.get(
      url,
      { lookup: pinnedLookup, signal, headers: { accept: 'text/calendar, text/plain;q=0.5' } },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          resolve({ status, location: response.headers.location });
          return;
        }
        if (status !== 200) {
          response.resume();
          reject(new FeedFetchError('http_error'));
          return;
        }
        const type = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
        if (type !== 'text/calendar' && type !== 'text/plain') {
          response.destroy();
          reject(new FeedFetchError('not_calendar'));
          return;
        }
        if (Number(response.headers['content-length']) > maxFeedBytes) {
          response.destroy();
          reject(new FeedFetchError('too_big'));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxFeedBytes) {
            // Stop reading at once: a huge or endless body costs no more than the limit.
            response.destroy();
            reject(new FeedFetchError('too_big'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', () => reject(new FeedFetchError('unreachable')));
      },
    );
    request.on('error', (error) => {
      if (error instanceof FeedFetchError) reject(error);
      else if (signal.aborted) reject(new FeedFetchError('timeout'));
      else reject(new FeedFetchError('unreachable'));
    });
  });
}

/**
 * Reads a calendar feed from a company's URL without letting it reach the portal's own network:
 * http(s) only, every hop's address checked and connected to as checked, at most 3 redirects, 10 s in
 * all and 2 MB read.
 */
export async function fetchFeed(raw: string, options: SafeFetchOptions = {}): Promise<string> {
  const allowed = options.isAllowedAddress ?? isPublicAddress;
  const signal = AbortSignal.timeout(timeoutMs);
  let url = parseFeedUrl(raw);
  for (let hop = 0; hop <= maxRedirects; hop++) {
    if (signal.aborted) throw new FeedFetchError('timeout');
    const pinned = await checkedAddress(url, allowed, signal);
    const answer = await requestOnce(url, pinned, signal);
    if (answer.body !== undefined) return answer.body;
    if (!answer.location) throw new FeedFetchError('http_error');
    url = parseFeedUrl(new URL(answer.location, url).toString());
  }
  throw new FeedFetchError('too_many_redirects');
}
