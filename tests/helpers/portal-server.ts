import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openPostgres } from '@/db/client';
import { withDatabase } from '../setup/global-db';

const root = path.resolve(import.meta.dirname, '../..');
const sharedTestSecret = 'portal-test-unsubscribe-secret';

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface PortalServer {
  baseUrl: string;
  dataDir: string;
  /** The server's process id (to read its memory from /proc). */
  pid: number;
  /** Everything it has printed so far. */
  output(): string;
  /** SIGTERM, then checks the server closed cleanly (exit 0, "Closed cleanly", no lock left). */
  stop(): Promise<void>;
}

/**
 * Starts the portal exactly as `npm start` does (server.ts, production build) on a fresh data folder:
 * the embedded database by default, or the PostgreSQL database given. The build must exist.
 */
export async function startPortal({
  databaseUrl = '',
  env = {},
  from,
}: {
  databaseUrl?: string;
  /** More variables (REDIS_URL, S3_*, WEB_CONCURRENCY, SEED_DEMO, SMTP_URL…). */
  env?: Record<string, string>;
  /**
   * A data folder to start from a copy of, instead of an empty one: `seededFolder()` (the embedded
   * database with the demo data in), or the `folder` of a seeded `createPostgresDatabase`.
   */
  from?: string;
} = {}): Promise<PortalServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  if (from) fs.cpSync(from, dataDir, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      // As `npm start` sets them (package.json): tsx reads this one as `--tsconfig`.
      MALLOC_ARENA_MAX: '2',
      TSX_TSCONFIG_PATH: 'tsconfig.node.json',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      // Portals sharing a database must be given the secret (server.ts refuses to start without it);
      // one value for all, so a link one of them signs works on the others.
      ...(databaseUrl ? { UNSUBSCRIBE_SECRET: sharedTestSecret } : {}),
      LOG_LEVEL: 'warn',
      MAP_TILE_URL: '',
      // A production server hashes at the real cost, whatever the test process uses (vitest.config.ts).
      PASSWORD_HASH_COST: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    baseUrl,
    dataDir,
    pid: child.pid ?? 0,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      const code = await new Promise((resolve) => child.once('exit', resolve));
      const lockLeft = fs.existsSync(path.join(dataDir, 'pglite.lock'));
      fs.rmSync(dataDir, { recursive: true, force: true });
      // SIGTERM must checkpoint and close the embedded database, release its lock and exit 0.
      if (code !== 0 || !output.includes('Closed cleanly') || lockLeft) {
        throw new Error(
          `server did not close cleanly (exit ${code}, lock left: ${lockLeft}):\n${output.slice(-2000)}`,
        );
      }
    },
  };
}

/**
 * A new PostgreSQL database `name` beside `adminUrl`'s (a leftover of that name is dropped first), for a
 * portal the test may write to while it runs; `drop` removes it again. Empty, or with `seeded` a copy of
 * the demo data (`seededTemplate`), whose uploads are in `folder` for `startPortal({ from })`.
 */
export async function createPostgresDatabase(
  adminUrl: string,
  name: string,
  { seeded = false }: { seeded?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void>; folder?: string }> {
  const run = async (statements: string[]) => {
    const admin = await openPostgres(adminUrl, { max: 1 });
    for (const statement of statements) await admin.db.execute(statement);
    await admin.close();
  };
  const template = seeded ? await seededTemplate(adminUrl) : undefined;
  await run([
    `drop database if exists ${name}`,
    template ? `create database ${name} template ${template.database}` : `create database ${name}`,
  ]);
  return {
    url: withDatabase(adminUrl, name),
    drop: () => run([`drop database if exists ${name} with (force)`]),
    folder: template?.folder,
  };
}

// Loading the demo data takes a portal 10 to 30 s of its start. The browser tests' own portals need the
// data, not the loading (the shared portal of global-server.ts starts empty, as a newcomer's does): it is
// loaded once per build and seed, by `npm run db:seed` as a first start runs it, and each portal starts
// from a copy. A leftover of an older build is removed when a new one is made.

/** What the demo data depends on: the build, the seed and the migrations. */
function seedKey(): string {
  const hash = createHash('sha256');
  const buildId = path.join(root, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID');
  hash.update(fs.existsSync(buildId) ? fs.readFileSync(buildId) : 'no build');
  for (const dir of ['src/seed', 'src/db']) {
    for (const file of fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).sort()) {
      const full = path.join(root, dir, file);
      if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
    }
  }
  return hash.digest('hex').slice(0, 12);
}

/** Runs the demo seed into `dataDir` (and `databaseUrl`, else the embedded database there). */
function seedInto(dataDir: string, databaseUrl = '') {
  const seeding = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-seed.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      TSX_TSCONFIG_PATH: 'tsconfig.node.json',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PASSWORD_HASH_COST: '',
    },
    encoding: 'utf8',
  });
  if (seeding.status !== 0) throw new Error(`db:seed failed (${seeding.status}): ${seeding.stderr}`);
}

/** Moves a finished copy into place; another process that finished first wins, and ours goes. */
function publishFolder(made: string, final: string) {
  try {
    fs.renameSync(made, final);
  } catch {
    fs.rmSync(made, { recursive: true, force: true });
  }
}

/** Removes the copies of other builds and seeds (`<family><key>…`); ours, and any being made, stay. */
function removeOlder(family: string, key: string) {
  for (const entry of fs.readdirSync(os.tmpdir())) {
    if (entry.startsWith(family) && !entry.startsWith(family + key))
      fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
  }
}

/** A data folder whose embedded database holds the demo data, for `startPortal({ from })`. */
export function seededFolder(): string {
  const key = seedKey();
  const final = path.join(os.tmpdir(), `portal-seeded-pglite-${key}`);
  if (fs.existsSync(final)) return final;
  removeOlder('portal-seeded-pglite-', key);
  const made = fs.mkdtempSync(`${final}.`);
  seedInto(made);
  publishFolder(made, final);
  return final;
}

/** A template database with the demo data, and the folder with its uploads. */
async function seededTemplate(adminUrl: string): Promise<{ database: string; folder: string }> {
  const key = seedKey();
  const database = `portal_seeded_${key}`;
  const folder = path.join(os.tmpdir(), `portal-seeded-pg-${key}`);
  const admin = await openPostgres(adminUrl, { max: 1 });
  try {
    const exists = async (name: string) =>
      ((await admin.db.execute(`select 1 from pg_database where datname = '${name}'`)) as unknown[]).length >
      0;
    if ((await exists(database)) && fs.existsSync(folder)) return { database, folder };
    // Another build's or seed's (one being made for ours ends in `_<pid>` after our key, and stays).
    const older = (await admin.db.execute(
      `select datname from pg_database where datname like 'portal\\_seeded\\_%' and datname not like '${database}%'`,
    )) as unknown as { datname: string }[];
    for (const { datname } of older)
      await admin.db.execute(`drop database if exists ${datname}`).catch(() => {});
    removeOlder('portal-seeded-pg-', key);
    const made = `${database}_${process.pid}`;
    const madeFolder = fs.mkdtempSync(`${folder}.`);
    await admin.db.execute(`drop database if exists ${made}`);
    await admin.db.execute(`create database ${made}`);
    seedInto(madeFolder, withDatabase(adminUrl, made));
    // The demo's uploads are the same files whichever process made them, so either folder serves.
    publishFolder(madeFolder, folder);
    try {
      await admin.db.execute(`alter database ${made} rename to ${database}`);
    } catch {
      // Another process made it first.
      await admin.db.execute(`drop database if exists ${made}`);
    }
    return { database, folder };
  } finally {
    await admin.close();
  }
}
/** Creates an admin account on the database given, as `npm run admin:create` does; returns its password. */
export function createAdmin(databaseUrl: string, email: string): string {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin-create.ts', email], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, TSX_TSCONFIG_PATH: 'tsconfig.node.json' },
    encoding: 'utf8',
  });
  const password = run.stdout.split('\n')[1]?.trim() ?? '';
  if (run.status !== 0 || password.length < 16)
    throw new Error(`admin:create failed (${run.status}): ${run.stderr}`);
  return password;
}
