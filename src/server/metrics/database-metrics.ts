import 'server-only';
import { min, sql } from 'drizzle-orm';
import { getConfig } from '@/config';
import { connectionName, type Db, getDbHandle, getReadDb, rowsOf, withReadPreference } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { dueMail } from '@/server/mail/outbox';

export type PoolRole = 'primary' | 'replica';

export interface PoolConnections {
  role: PoolRole;
  active: number;
  idle: number;
}

/**
 * This process's connections to each configured PostgreSQL server, busy and idle, as the server sees
 * them (each pool names its connections, src/db/client.ts). Nothing on PGlite, which has no pool.
 */
export async function countPoolConnections(): Promise<PoolConnections[]> {
  const handle = await getDbHandle();
  if (handle.kind !== 'postgres') return [];
  const counts = [await countOn(handle.db, 'primary')];
  // Opens the replica's pool if no request has yet; it would open with the first anonymous search.
  if (getConfig().databaseReadUrl)
    counts.push(await countOn(await withReadPreference(true, getReadDb), 'replica'));
  return counts;
}

async function countOn(db: Db, role: PoolRole): Promise<PoolConnections> {
  // 'idle in transaction' holds its connection as much as 'active' does.
  const rows = rowsOf<{ idle: boolean; count: number }>(
    await db.execute(sql`
      select state = 'idle' as idle, count(*)::int as count
      from pg_stat_activity
      where application_name = ${connectionName(role)}
      group by 1`),
  );
  const count = (idle: boolean) => rows.find((r) => r.idle === idle)?.count ?? 0;
  return { role, active: count(false), idle: count(true) };
}

/**
 * How long (seconds) the oldest mail that could be sent now has been waiting since it was queued; 0
 * when none is due. A mail worker that stopped, or an SMTP server that refuses everything, makes it grow.
 */
export async function oldestDueMailAge(now = new Date()): Promise<number> {
  const [row] = await (await getDbHandle()).db
    .select({ oldest: min(mailOutbox.createdAt) })
    .from(mailOutbox)
    .where(dueMail(now));
  const oldest = row?.oldest;
  return oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0;
}
