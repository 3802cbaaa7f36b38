import { headers } from 'next/headers';
import { visitorId } from './record-visit';

/** The visitor of a page request, from the address server.ts recorded and the browser's user agent. */
export async function pageVisitor(userId: number | null): Promise<string> {
  const h = await headers();
  return visitorId({ userId, ip: h.get('x-portal-client-ip') ?? '', userAgent: h.get('user-agent') ?? '' });
}
