import 'server-only';
import { count, eq, type InferInsertModel, type InferSelectModel } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type DbOrTx, getDb, type Tx } from '@/db/client';
import { recordAudit } from '@/server/admin/audit';
import { notFound } from '@/server/errors';
import { searchDataChanged } from '@/server/search/search-cache';

// The steps every catalogue kind's writes share: the row locked or a 404, the write and its audit entry
// (`<kind>.create`, `.update`, `.delete`) in the same transaction. What differs per kind (a unique
// column, a row still in use, what the audit keeps) stays in the kind's own file.

/** A catalogue table: any table keyed by a serial `id`. */
export type IdTable = PgTable & { id: AnyPgColumn<{ data: number }> };
type Row<T extends IdTable> = InferSelectModel<T> & { id: number };

/** How a kind is written down in the audit log. */
export interface Kind<T extends IdTable> {
  table: T;
  /** The audit entries' action prefix: `language` → `language.create`. */
  action: string;
  /** The audit entries' target. */
  target: string;
  /** What the audit keeps of a row. */
  audited: (row: Row<T>) => object;
}

/** What the catalogue's verbs take: the admin who acts, the row (`id`) and what the form sent (`input`). */
export type CreateArgs<Input> = { adminId: number; input: Input };
export type UpdateArgs<Input> = { adminId: number; id: number; input: Input };
export type DeleteArgs = { adminId: number; id: number };

/**
 * Runs a catalogue change in one transaction and, after the commit, empties the cached answers and pages
 * that may show the catalogue (for tables the search cache does not watch itself).
 */
export async function change<R>(change: (tx: Tx) => Promise<R>): Promise<R> {
  const db = await getDb();
  const result = await db.transaction(change);
  searchDataChanged();
  return result;
}

/** The row, locked for the rest of the transaction; a 404 when there is none. */
export async function lockRow<T extends IdTable>(tx: DbOrTx, table: T, id: number): Promise<Row<T>> {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for('update');
  if (!row) throw notFound();
  return row as Row<T>;
}

/** Whether another row than `id` already has `value` in a unique `column` of the table. */
export async function isTaken(
  tx: DbOrTx,
  table: IdTable,
  column: AnyPgColumn,
  value: unknown,
  id?: number,
): Promise<boolean> {
  const [taken] = await tx
    .select({ id: table.id })
    .from(table as PgTable)
    .where(eq(column, value))
    .limit(1);
  return taken !== undefined && taken.id !== id;
}

/** How many rows of a table point at `id` through `column`. */
export async function countUsing(
  tx: DbOrTx,
  table: PgTable,
  column: AnyPgColumn,
  id: number,
): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(table).where(eq(column, id));
  return Number(row?.n ?? 0);
}

/** Inserts a row and records its creation; `note` adds what the row does not say (a default it cleared). */
export async function insert<T extends IdTable>(
  tx: DbOrTx,
  kind: Kind<T>,
  adminId: number,
  values: InferInsertModel<T>,
  note?: object,
): Promise<Row<T>> {
  const [row] = (await tx.insert(kind.table).values(values).returning()) as Row<T>[];
  if (!row) throw new Error('insert failed');
  await recordAudit(tx, {
    adminId,
    action: `${kind.action}.create`,
    target: kind.target,
    targetId: row.id,
    after: { ...kind.audited(row), ...note },
  });
  return row;
}

/** Updates a locked row and records it as it was and as it is; `note` adds to the latter. */
export async function update<T extends IdTable>(
  tx: DbOrTx,
  kind: Kind<T>,
  adminId: number,
  before: Row<T>,
  values: PgUpdateSetSource<T>,
  note?: object,
): Promise<Row<T>> {
  const [after] = (await tx
    .update(kind.table)
    .set(values)
    .where(eq(kind.table.id, before.id))
    .returning()) as Row<T>[];
  if (!after) throw notFound();
  await recordAudit(tx, {
    adminId,
    action: `${kind.action}.update`,
    target: kind.target,
    targetId: before.id,
    before: kind.audited(before),
    after: { ...kind.audited(after), ...note },
  });
  return after;
}

/** Deletes a locked row and records what it was; `note` adds what went with it (how many lost it). */
export async function remove<T extends IdTable>(
  tx: DbOrTx,
  kind: Kind<T>,
  adminId: number,
  before: Row<T>,
  note?: object,
): Promise<void> {
  await tx.delete(kind.table).where(eq(kind.table.id, before.id));
  await recordAudit(tx, {
    adminId,
    action: `${kind.action}.delete`,
    target: kind.target,
    targetId: before.id,
    before: { ...kind.audited(before), ...note },
  });
}
