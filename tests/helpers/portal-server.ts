import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
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
}: {
  databaseUrl?: string;
  /** More variables (REDIS_URL, S3_*, WEB_CONCURRENCY, SEED_DEMO, SMTP_URL…). */
  env?: Record<string, string>;
} = {}): Promise<PortalServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
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
 * A new, empty PostgreSQL database `name` beside `adminUrl`'s (a leftover of that name is dropped first),
 * for a portal the test may write to while it runs; `drop` removes it again.
 */
export async function createPostgresDatabase(
  adminUrl: string,
  name: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const run = async (statements: string[]) => {
    const admin = await openPostgres(adminUrl, { max: 1 });
    for (const statement of statements) await admin.db.execute(statement);
    await admin.close();
  };
  await run([`drop database if exists ${name}`, `create database ${name}`]);
  return {
    url: withDatabase(adminUrl, name),
    drop: () => run([`drop database if exists ${name} with (force)`]),
  };
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
