import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, getTableName, isTable } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { getConfig } from '@/config';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export interface DbHandle {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Flushes to disk where that means something (PGlite) and closes. */
  close(): Promise<void>;
  /** PGlite only: the underlying instance, for dumps in tests. */
  pglite?: PGlite;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel`, and `onListen` each time listening (re)starts,
   * after which notifications sent while disconnected are lost. Resolves to a stop function.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onListen: () => void,
  ): Promise<() => Promise<void>>;
}

export class DatabaseLockedError extends Error {}

// Observers told which table a write goes to, when the write begins and, inside a transaction, once
// more when the transaction ends, so a cache can drop what the write may change before the writer
// sees its own answer, and again whatever a reader cached while the transaction was still open.
// On globalThis: Next.js bundles its own copy of this module.
type WriteObserver = (table: string) => void;
const observers = globalThis as typeof globalThis & { __portalWriteObservers?: Set<WriteObserver> };
observers.__portalWriteObservers ??= new Set();
const writeObservers = observers.__portalWriteObservers;

/** Calls `observer` with the table of each write this process makes; returns a function that stops it. */
export function onDbWrite(observer: WriteObserver): () => void {
  writeObservers.add(observer);
  return () => writeObservers.delete(observer);
}

const tellObservers = (table: string) => {
  for (const observer of writeObservers) observer(table);
};

const statementMethods = new Set<string | symbol>(['insert', 'update', 'delete']);

function watchWrites<T extends object>(db: T, notify: (table: string) => void = tellObservers): T {
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      if (statementMethods.has(prop)) {
        return (...args: unknown[]) => {
          if (isTable(args[0])) notify(getTableName(args[0]));
          return value.apply(target, args);
        };
      }
      if (prop === 'transaction') {
        return (run: (tx: object) => Promise<unknown>, ...rest: unknown[]) => {
          const touched = new Set<string>();
          const inner = (table: string) => {
            touched.add(table);
            notify(table);
          };
          const result = value.call(
            target,
            (tx: object) => run(watchWrites(tx, inner)),
            ...rest,
          ) as Promise<unknown>;
          return result.finally(() => {
            for (const table of touched) notify(table);
          });
        };
      }
      return value;
    },
  });
}

const pgliteExtensions = async () => {
  const [{ pg_trgm }, { unaccent }, { cube }, { earthdistance }] = await Promise.all([
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('@electric-sql/pglite/contrib/cube'),
    import('@electric-sql/pglite/contrib/earthdistance'),
  ]);
  return { pg_trgm, unaccent, cube, earthdistance };
};

// Two processes on one PGlite folder corrupt it silently, so the folder is taken with a lock file
// holding the owner's pid; a lock whose process is gone is stale and taken over.
function takeLock(dir: string): () => void {
  const lockPath = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(fs.readFileSync(lockPath, 'utf8'));
      if (pid && isAlive(pid)) {
        throw new DatabaseLockedError(
          `The database in ${dir} is already open in another process (pid ${pid}); stop it first.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock the database in ${dir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<DbHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let release = () => {};
  if (options.dataDir) {
    fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
    release = takeLock(options.dataDir);
  }
  try {
    const pg = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      extensions: await pgliteExtensions(),
      // PostgreSQL's default 128 MB of buffers is resident from the start in WebAssembly memory; the
      // operating system caches the data files as well, so a small pool costs the embedded database
      // little and the process about 100 MB less (see docs/decisions.md).
      postgresqlconf: ['shared_buffers = 32MB'],
    });
    const db = watchWrites(drizzle({ client: pg, schema, casing: 'snake_case' }) as unknown as Db);
    return {
      kind: 'pglite',
      db,
      pglite: pg,
      async listen(channel, onNotify, onListen) {
        const unlisten = await pg.listen(channel, onNotify);
        onListen();
        return unlisten;
      },
      async close() {
        try {
          if (!pg.closed) {
            await pg.exec('CHECKPOINT');
            await pg.close();
          }
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** The name this process's connections carry in pg_stat_activity (the pool metrics count them by it). */
export const connectionName = (role: 'primary' | 'replica' = 'primary') => `portal:${process.pid}:${role}`;

export async function openPostgres(
  url: string,
  options: { max?: number; role?: 'primary' | 'replica' } = {},
): Promise<DbHandle> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const client = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    connection: { application_name: connectionName(options.role) },
  });
  const db = watchWrites(drizzle({ client, schema, casing: 'snake_case' }) as unknown as Db);
  return {
    kind: 'postgres',
    db,
    async listen(channel, onNotify, onListen) {
      // postgres.js keeps a connection of its own for LISTEN and re-listens after a reconnect.
      const { unlisten } = await client.listen(channel, onNotify, onListen);
      return unlisten;
    },
    async close() {
      await client.end({ timeout: 5 });
    },
  };
}

/** Rows of a raw `db.execute()`, which PGlite answers as `{ rows }` and postgres.js as an array. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite. */
export function openConfiguredDb(): Promise<DbHandle> {
  const config = getConfig();
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { max: config.databasePoolSize })
    : openPglite({ dataDir: config.pgliteDir });
}

// One handle per process. It lives on globalThis because Next.js bundles its own copy of this
// module next to the one server.ts loads, and both must share the single PGlite instance.
const holder = globalThis as typeof globalThis & {
  __portalDb?: Promise<DbHandle>;
  __portalReadDb?: Promise<DbHandle>;
  __portalReadContext?: AsyncLocalStorage<ReadPreference>;
};

export function setDbHandle(handle: DbHandle | Promise<DbHandle>): void {
  holder.__portalDb = Promise.resolve(handle);
}

export function getDbHandle(): Promise<DbHandle> {
  holder.__portalDb ??= openConfiguredDb();
  return holder.__portalDb;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

export async function closeDb(): Promise<void> {
  const handle = holder.__portalDb;
  const replica = holder.__portalReadDb;
  holder.__portalDb = undefined;
  holder.__portalReadDb = undefined;
  if (handle) await (await handle).close();
  if (replica) await (await replica).close();
}

// Reads from a replica (DATABASE_READ_URL) where a little lag is harmless: searches and public pages for
// visitors who are not signed in. A request says which it is (server.ts for pages, the API's onRequest
// hook); anything else (signed-in people, who must read their own writes, writes themselves, jobs,
// scripts) reads from the primary. The replica serves only reads that ask for it with getReadDb().
interface ReadPreference {
  replica: boolean;
}
holder.__portalReadContext ??= new AsyncLocalStorage<ReadPreference>();
const readContext = holder.__portalReadContext;

/** Runs `run` (a request) with its reads allowed on the replica or kept on the primary. */
export function withReadPreference<T>(replica: boolean, run: () => T): T {
  return readContext.run({ replica }, run);
}

/** Whether reads made here go to a replica: one is configured and the request allows it. */
export function readsFromReplica(): boolean {
  return !!getConfig().databaseReadUrl && readContext.getStore()?.replica === true;
}

/** The database to read public, lag-tolerant data from: the replica when allowed, else the primary. */
export async function getReadDb(): Promise<Db> {
  if (!readsFromReplica()) return getDb();
  const config = getConfig();
  holder.__portalReadDb ??= openPostgres(config.databaseReadUrl as string, {
    max: config.databasePoolSize,
    role: 'replica',
  });
  return (await holder.__portalReadDb).db;
}
