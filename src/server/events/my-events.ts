import 'server-only';
import { and, asc, desc, eq, gt, lte, or, type SQL, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { events } from '@/db/schema';
import { type OwnEvent, ownEventSchema } from '@/lib/schemas/event-responses';
import type { MyEventsQuery, MyEventsWhen } from '@/lib/schemas/my-events';
import { lastPage, type Page, pageOf } from '@/lib/schemas/pagination';
import type { AuthUser } from '@/server/auth/access-tokens';
import { forbidden } from '@/server/errors';
import { folded } from '@/server/search/folded';
import { givesCreationBack } from './creation-back';
import { eventCardColumns, toEventCard } from './event-cards';

export interface MyEvent extends OwnEvent {
  /** Whether deleting it now gives its creation back (issue 29: it has not started yet). */
  creation_back: boolean;
}

export interface MyEventsPage extends Page<MyEvent> {
  /** How many of the company's events match the search on either tab. */
  counts: Record<MyEventsWhen, number>;
}

/** The search matches a part of the event's name or of its place's name, accents and case aside. */
function searchOf(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const term = folded(sql`${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  return or(
    sql`${folded(sql`${events.name}`)} like ${term}`,
    sql`${folded(sql`coalesce(${events.placeName}, '')`)} like ${term}`,
  );
}

/**
 * Issue 29 point 7: a page of the company's own events (hidden ones too: they are still its own), found
 * by name or place, on the upcoming tab (not ended, soonest first) or the past one (ended, latest first),
 * or both when `when` is not given (latest start first, as GET /api/event/get_mine always listed them).
 * One query counts both tabs, one reads the page; the owner's id narrows both through events_user_idx, so
 * a company's few hundred events are all that is ever read. A page past the last shows the last.
 */
export async function findMyEvents({
  actor,
  query,
  now = new Date(),
}: {
  actor: AuthUser;
  query: MyEventsQuery;
  now?: Date;
}): Promise<MyEventsPage> {
  if (actor.role !== 'company') throw forbidden();
  const db = await getDb();
  const own = and(eq(events.userId, actor.id), searchOf(query.q));
  // A raw Date parameter is not serialised by the PostgreSQL driver (PGlite takes it): pass the instant as text.
  const moment = sql`${now.toISOString()}::timestamptz`;
  const [counted] = await db
    .select({
      upcoming: sql<number>`count(*) filter (where ${events.endDate} > ${moment})`.mapWith(Number),
      past: sql<number>`count(*) filter (where ${events.endDate} <= ${moment})`.mapWith(Number),
    })
    .from(events)
    .where(own);
  const counts = { upcoming: counted?.upcoming ?? 0, past: counted?.past ?? 0 };
  const total = query.when ? counts[query.when] : counts.upcoming + counts.past;
  const { page, perPage } = pageOf(query);
  const last = lastPage(total, perPage);
  const current = Math.min(page, last);
  const tab =
    query.when === 'upcoming'
      ? { where: gt(events.endDate, now), order: [asc(events.startDate), asc(events.id)] }
      : query.when === 'past'
        ? { where: lte(events.endDate, now), order: [desc(events.endDate), desc(events.id)] }
        : { where: undefined, order: [desc(events.startDate), desc(events.id)] };
  const rows = await db
    .select({ ...eventCardColumns, placeId: events.placeId, seriesStart: events.seriesStart })
    .from(events)
    .where(and(own, tab.where))
    .orderBy(...tab.order)
    .limit(perPage)
    .offset((current - 1) * perPage);
  return {
    data: rows.map((r) => ({
      ...ownEventSchema.parse({ ...toEventCard(r), place_id: r.placeId }),
      creation_back: givesCreationBack(r, now),
    })),
    current_page: current,
    last_page: last,
    per_page: perPage,
    total,
    total_exact: true,
    counts,
  };
}
