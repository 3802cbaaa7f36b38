import type { IncomingHttpHeaders } from 'node:http';
import { tokenCookie } from '@/server/auth/access-tokens';
import { refreshCookie } from '@/server/auth/session-cookies';

const sessionCookie = new RegExp(`(?:^|;\\s*)(?:${tokenCookie}|${refreshCookie})=[^;]`);

/**
 * Whether a request may read from the replica: only reads by visitors who are not signed in. Anyone
 * signed in (a bearer token or the pages' session cookies) reads from the primary and so always sees
 * what they have just written; so does every write.
 */
export function mayReadReplica(method: string | undefined, headers: IncomingHttpHeaders): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (headers.authorization) return false;
  return !sessionCookie.test(headers.cookie ?? '');
}
