import 'server-only';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';

/** The PostgreSQL channel every process LISTENs on; the payload is the id of the user whose counts moved. */
export const liveChannel = 'portal_live';

/**
 * Tells the open live streams of these users, in every process, that their counts may have changed.
 * Called inside the writing transaction: PostgreSQL delivers a NOTIFY on commit and drops it on rollback.
 */
export async function announceLiveChange(tx: DbOrTx, userIds: readonly number[]): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`select pg_notify(${liveChannel}, id::text) from unnest(array[${list}]::int[]) as id`);
}
