import type { FastifyRequest } from 'fastify';
import type { HitSource } from '@/server/stats/visitor-hits';
import { readVisitorId } from '@/web/visitor-cookie';

/** Who made an API request, for the statistics (issue 28): the account, the visitor cookie, the peer. */
export async function hitSourceOf(request: FastifyRequest): Promise<HitSource> {
  return {
    user: await request.currentUser(),
    visitorId: readVisitorId(request.headers.cookie),
    address: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  };
}
