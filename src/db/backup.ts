import { is, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable, PgTable as PgTableClass } from 'drizzle-orm/pg-core';
import { type DbOrTx, rowsOf } from './client';
import * as schema from './schema';

// A portable backup: plain SQL that loads the data into a database migrated to the same schema,
// on PostgreSQL or on PGlite alike (pg_dump output does not load into PGlite cleanly, and PGlite
// has no pg_dump of its own).

const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, PgTableClass),
);

/** Tables ordered so that every table comes after the tables its foreign keys point to. */
export function tablesInDependencyOrder(): PgTable[] {
  const byName = new Map(tables.map((t) => [getTableConfig(t).name, t]));
  const ordered: PgTable[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const table = byName.get(name);
    if (!table) return;
    for (const fk of getTableConfig(table).foreignKeys) {
      const target = getTableConfig(fk.reference().foreignTable).name;
      if (target !== name) visit(target);
    }
    ordered.push(table);
  };
  for (const name of [...byName.keys()].sort()) visit(name);
  return ordered;
}

// Tables a migration fills with reference data (0009: the home-page ad's price; 0021: the attribute
// catalogue): the backup's rows replace what the migration of the empty database put there.
const filledByMigrations = new Set(['home_ad_offers', 'attributes']);

// Tables the triggers on `events` write (issue 32): loading the events writes them again, so the backup
// leaves them out rather than carry the same words twice.
const writtenByTriggers = new Set(['event_words', 'search_dictionary']);

const quote = (literal: string) => `'${literal.replace(/'/g, "''")}'`;

/** Writes the whole database as SQL statements, chunk by chunk, through `write`. */
export async function dumpSql(db: DbOrTx, write: (chunk: string) => void | Promise<void>): Promise<void> {
  await write(`-- Wydarzenia i Miejsca backup, ${new Date().toISOString()}\n`);
  await write('-- Load into an empty database migrated to the same schema: npm run db:restore -- FILE\n');
  for (const table of tablesInDependencyOrder()) {
    const config = getTableConfig(table);
    const name = config.name;
    if (writtenByTriggers.has(name)) continue;
    // Generated columns are computed again on load; naming the others keeps the file loadable.
    const columns = config.columns
      .filter((c) => !c.generated)
      .map((c) => `"${c.name}"`)
      .join(', ');
    if (filledByMigrations.has(name)) await write(`DELETE FROM "${name}";\n`);
    const batch = 500;
    for (let offset = 0; ; offset += batch) {
      const result = await db.execute(
        sql`select coalesce(jsonb_agg(to_jsonb(t)), '[]'::jsonb)::text as rows
            from (select * from ${sql.identifier(name)} order by 1 limit ${batch} offset ${offset}) t`,
      );
      const json = rowsOf<{ rows: string }>(result)[0]?.rows ?? '[]';
      if (json === '[]') break;
      await write(
        `INSERT INTO "${name}" (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::"${name}", ${quote(json)}::jsonb);\n`,
      );
    }
  }
  for (const table of tablesInDependencyOrder()) {
    const config = getTableConfig(table);
    const serial = config.columns.find((c) => c.columnType === 'PgSerial');
    if (!serial) continue;
    await write(
      `SELECT setval(pg_get_serial_sequence('"${config.name}"', '${serial.name}'), coalesce(max("${serial.name}"), 1), max("${serial.name}") IS NOT NULL) FROM "${config.name}";\n`,
    );
  }
}

/** Runs a backup's statements in one transaction: all of it loads, or nothing does. */
export async function restoreSql(db: DbOrTx, text: string): Promise<number> {
  const statements = text.split('\n').filter((line) => line.trim() && !line.startsWith('--'));
  await db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });
  return statements.length;
}
