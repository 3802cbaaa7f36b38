import 'server-only';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { placeSpecialHours } from '@/db/schema';
import { addDays } from '@/lib/opening-hours';

/** A stored time ("09:00:00") as pages and forms show it ("09:00"). */
export const hhmm = (t: string | null) => (t ? t.slice(0, 5) : null);

/**
 * Issue 30: a place's special days from the day before the Warsaw date `today` on (that day's hours may run
 * past midnight into today), soonest first.
 */
export const specialHoursFrom = (db: DbOrTx, placeId: number, today: string) =>
  db
    .select()
    .from(placeSpecialHours)
    .where(and(eq(placeSpecialHours.placeId, placeId), gte(placeSpecialHours.date, addDays(today, -1))))
    .orderBy(asc(placeSpecialHours.date));
