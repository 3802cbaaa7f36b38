import 'server-only';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { type DbOrTx, getDb, type Tx } from '@/db/client';

/**
 * What a domain verb works in: the database, or a transaction its caller holds open. A verb that writes
 * runs `withTransaction(ctx, …)`, so the same verb serves a request on its own and a caller that applies
 * many in one transaction (a calendar import), with no `…In(tx)` twin.
 */
export interface DbContext {
  db: DbOrTx;
}

export async function defaultContext(): Promise<DbContext> {
  return { db: await getDb() };
}

/** Runs `fn` in the context's open transaction, or in a new one when the context has none. */
export function withTransaction<T>(ctx: DbContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (ctx.db instanceof PgTransaction) return fn(ctx.db as Tx);
  return ctx.db.transaction((tx) => fn(tx as Tx));
}
