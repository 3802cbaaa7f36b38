import 'server-only';
import { and, asc, count, eq, gt, isNull, max } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { eventPromotions, events } from '@/db/schema';
import type { AuthUser } from '@/server/auth/access-tokens';
import { forbidden } from '@/server/errors';

/** Events a page of `/premium/promote` lists. */
export const promotableEventsPerPage = 10;

export interface PromotableEvent {
  id: number;
  name: string;
  start_date: string;
  /** The end of the promotion running or bought ahead, if any: a new pack starts there. */
  promoted_until: string | null;
}

/**
 * Issue 29 point 9: the company's events that can still be promoted (not over, not hidden), soonest
 * first, each with how long it is promoted already; one query for the page and one for the count.
 */
export async function listPromotableEvents({
  actor,
  page = 1,
  now = new Date(),
}: {
  actor: AuthUser;
  page?: number;
  now?: Date;
}): Promise<{ data: PromotableEvent[]; total: number; page: number; last_page: number }> {
  if (actor.role !== 'company') throw forbidden();
  const db = await getDb();
  const own = and(eq(events.userId, actor.id), gt(events.endDate, now), isNull(events.hiddenAt));
  const [counted] = await db.select({ n: count() }).from(events).where(own);
  const total = counted?.n ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / promotableEventsPerPage));
  const current = Math.min(Math.max(1, page), lastPage);
  const rows = await db
    .select({ id: events.id, name: events.name, start: events.startDate, until: max(eventPromotions.endsAt) })
    .from(events)
    .leftJoin(eventPromotions, and(eq(eventPromotions.eventId, events.id), gt(eventPromotions.endsAt, now)))
    .where(own)
    .groupBy(events.id)
    .orderBy(asc(events.startDate), asc(events.id))
    .limit(promotableEventsPerPage)
    .offset((current - 1) * promotableEventsPerPage);
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      start_date: r.start.toISOString(),
      promoted_until: r.until?.toISOString() ?? null,
    })),
    total,
    page: current,
    last_page: lastPage,
  };
}
