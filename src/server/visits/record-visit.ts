import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getDb, rowsOf } from '../../db/client';
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
 * repeated visit a no-op, and the counter moves in the same statement as the first one.
 *
 * One raw statement, not the query builder, so that the write observers of the search cache do not
 * hear it (and the update trigger of migration 0007 ignores a change of visit_count alone): a page view
 * only moves popularity, which cached answers pick up when they expire, while emptying every cache on
 * every page view would leave nothing cached on a busy site.
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
  const table = subject === 'event' ? events : places;
  const column = (c: { name: string }) => sql.identifier(c.name);
  const counted = rowsOf(
    await db.execute(sql`
      with visit as (
        insert into ${visits} (${column(visits.subject)}, ${column(visits.subjectId)}, ${column(visits.visitor)}, ${column(visits.day)})
        values (${subject}, ${id}, ${visitor}, ${day})
        on conflict do nothing
        returning 1
      )
      update ${table} set ${column(table.visitCount)} = ${table.visitCount} + 1
      where ${table.id} = ${id} and exists (select 1 from visit)
      returning 1`),
  );
  return counted.length > 0;
}
