import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { getConfig } from '@/config';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether an `Authorization` header may read the metrics: 'off' without METRICS_TOKEN (nothing is
 * served), else whether it carries the token as a bearer. Compared as digests in constant time, so
 * neither the time taken nor the lengths tell a guesser how close it came.
 */
export function metricsAccess(authorization: string | undefined): 'off' | 'granted' | 'denied' {
  const token = getConfig().metricsToken;
  if (!token) return 'off';
  const match = /^bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) return 'denied';
  return timingSafeEqual(digest(match[1]), digest(token)) ? 'granted' : 'denied';
}
