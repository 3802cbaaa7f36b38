import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { places, premiumSettings, users } from '@/db/schema';
import { effectivePlanIdSql } from '@/server/plans/effective-plan';
import { calendarOpen } from '@/server/plans/features';

/** What the top bar needs of a company: its first place and whether its plan opens the calendar. */
export async function getCompanyNav({ userId }: { userId: number }) {
  const db = await getDb();
  const [row] = await db
    .select({ placeId: places.id, calendarAccess: premiumSettings.calendarAccess })
    .from(users)
    .leftJoin(places, eq(places.userId, users.id))
    .leftJoin(premiumSettings, eq(premiumSettings.id, effectivePlanIdSql()))
    .where(eq(users.id, userId))
    .orderBy(asc(places.id))
    .limit(1);
  return { placeId: row?.placeId ?? null, calendarOpen: calendarOpen(row?.calendarAccess) };
}
