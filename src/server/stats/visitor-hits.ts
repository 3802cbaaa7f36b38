import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { events, places } from '@/db/schema';
import type { StatMeasure, StatSubject } from '@/lib/stats-measures';
import { isCrawler, isSearchEngine } from '@/server/visits/record-visit';
import { countOnce } from './counter';

/** Who made a request, as far as counting needs to know. */
export interface HitSource {
  user: { id: number; role: string } | null;
  /** The visitor cookie's id (src/web/visitor-cookie.ts), if the request carries one. */
  visitorId: string | null;
  address: string;
  userAgent: string;
}

export interface VisitorHit {
  subject: StatSubject;
  id: number;
  measure: StatMeasure;
}

/**
 * The account, else the visitor cookie, else (a feed reader, a beacon from a page that gave no cookie)
 * a hash of address and browser; the last two are held to the address's daily allowance.
 */
function visitorOf(source: HitSource): { visitor: string; address?: string } {
  if (source.user) return { visitor: `u${source.user.id}` };
  if (source.visitorId) return { visitor: `c${source.visitorId}`, address: source.address };
  const hash = createHash('sha256').update(`${source.address}|${source.userAgent}`).digest('base64url');
  return { visitor: `a${hash.slice(0, 22)}`, address: source.address };
}

/** Of the hits, those on events and places a company viewer owns (its own clicks are not counted). */
async function ownedBy(userId: number, hits: VisitorHit[]): Promise<Set<string>> {
  const owned = new Set<string>();
  const db = await getDb();
  for (const [subject, table] of [
    ['event', events],
    ['place', places],
  ] as const) {
    const ids = [...new Set(hits.filter((h) => h.subject === subject).map((h) => h.id))];
    if (!ids.length) continue;
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.userId, userId), inArray(table.id, ids)));
    for (const row of rows) owned.add(`${subject}:${row.id}`);
  }
  return owned;
}

/**
 * Counts each hit once per visitor and Warsaw day (issue 28): clicks and impressions a browser reports,
 * `.ics` downloads, feed fetches. Crawlers are left out (`readers`: only search engines, for feeds,
 * which readers and calendar apps fetch for their people), and so is an owner's own hit. Returns how
 * many counted.
 */
export async function countVisitorHits(
  source: HitSource,
  hits: VisitorHit[],
  { readers = false, now = new Date() }: { readers?: boolean; now?: Date } = {},
): Promise<number> {
  if (!hits.length || (readers ? isSearchEngine(source.userAgent) : isCrawler(source.userAgent))) return 0;
  const own = source.user?.role === 'company' ? await ownedBy(source.user.id, hits) : new Set<string>();
  const { visitor, address } = visitorOf(source);
  let counted = 0;
  for (const hit of hits) {
    if (own.has(`${hit.subject}:${hit.id}`)) continue;
    if (await countOnce({ ...hit, visitor, address, now })) counted++;
  }
  return counted;
}
