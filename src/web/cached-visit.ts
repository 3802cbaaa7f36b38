import type http from 'node:http';
import { logger } from '@/server/log';
import { countPageVisit } from '@/server/visits/record-visit';
import { readVisitorId } from './visitor-cookie';

const detailPath = /^\/(event|places)\/([1-9]\d{0,8})\/?(?:\?|$)/;

/**
 * Counts the visit of an event or place page answered from the page cache, as the rendered page
 * would have (src/web/detail-page.ts countVisit): only anonymous visitors are served copies, so the
 * visitor is the cookie server.ts gave out, at the peer address it recorded. A prefetch is no visit.
 */
export function countCachedVisit(req: http.IncomingMessage): void {
  const match = detailPath.exec(req.url ?? '');
  if (!match) return;
  const purpose = `${req.headers.purpose ?? ''} ${req.headers['sec-purpose'] ?? ''}`;
  if (/prefetch/i.test(purpose)) return;
  countPageVisit({
    subject: match[1] === 'event' ? 'event' : 'place',
    id: Number(match[2]),
    userId: null,
    visitorId: readVisitorId(req.headers.cookie),
    address: String(req.headers['x-portal-client-ip'] ?? ''),
    userAgent: String(req.headers['user-agent'] ?? ''),
  }).catch((error) => logger.error({ err: error }, 'statistics: counting a cached page visit failed'));
}
