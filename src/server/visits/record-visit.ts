import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { events, places, visits } from '../../db/schema';

/** A stable, anonymous visitor id: the account when signed in, else a hash of address and browser. */
export function visitorId({
  userId,
  ip,
  userAgent,
}: {
  userId?: number | null;
  ip: string;
  userAgent: string;
}): string {
  if (userId) return `u${userId}`;
  return createHash('sha256').update(`${ip}|${userAgent}`).digest('hex').slice(0, 40);
}

/**
 * Popularity is visit_count, counted once per visitor per day (DESIGN.md): the visit row's key makes a
 * repeated visit a no-op, and the counter moves in the same transaction as the first one.
 */
export async function recordVisit({
  subject,
  id,
  visitor,
  now = new Date(),
}: {
  subject: 'event' | 'place';
  id: number;
  visitor: string;
  now?: Date;
}): Promise<boolean> {
  const db = await getDb();
  const day = now.toISOString().slice(0, 10);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(visits)
      .values({ subject, subjectId: id, visitor, day })
      .onConflictDoNothing()
      .returning({ day: visits.day });
    if (inserted.length === 0) return false;
    const table = subject === 'event' ? events : places;
    await tx
      .update(table)
      .set({ visitCount: sql`${table.visitCount} + 1` })
      .where(eq(table.id, id));
    return true;
  });
}
