import { headers } from 'next/headers';
import { readVisitorId } from './visitor-cookie';

export interface PageVisitor {
  visitorId: string | null;
  address: string;
  userAgent: string;
}

/**
 * Who is viewing a page, for counting visits: the visitor id that server.ts made sure the request
 * carries, the peer address it recorded (never one the client wrote) and the browser. Null for a
 * prefetch: the browser guessing at a next page is not a visit.
 */
export async function pageVisitor(): Promise<PageVisitor | null> {
  const h = await headers();
  const purpose = `${h.get('purpose') ?? ''} ${h.get('sec-purpose') ?? ''}`;
  if (h.has('next-router-prefetch') || /prefetch/i.test(purpose)) return null;
  return {
    visitorId: readVisitorId(h.get('cookie') ?? undefined),
    address: h.get('x-portal-client-ip') ?? '',
    userAgent: h.get('user-agent') ?? '',
  };
}
