import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '@/db/client';
import { migrate } from '@/db/migrate';
import { seedReference } from '@/seed/demo';
import { ensureFirstPartyClient } from '@/server/auth/tokens';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    postgresTemplate: string;
    dataDir: string;
  }
}

// Migrating a fresh database takes seconds, so it is done once: PGlite's data directory is dumped
// and loaded by every test file; on PostgreSQL a template database is cloned per file.
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  project.provide('dataDir', dataDir);
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `portal_template_${process.pid}`;
    const admin = await openPostgres(url, { max: 1 });
    await admin.db.execute(`drop database if exists ${name}`);
    await admin.db.execute(`create database ${name}`);
    const templateUrl = withDatabase(url, name);
    const template = await openPostgres(templateUrl, { max: 1 });
    await migrate(template);
    await seedReference(template.db);
    await ensureFirstPartyClient(template.db);
    await template.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteDump', '');
    return async () => {
      await admin.db.execute(`drop database if exists ${name}`);
      await admin.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const handle = await openPglite();
  await migrate(handle);
  await seedReference(handle.db);
  await ensureFirstPartyClient(handle.db);
  const dump = await handle.pglite?.dumpDataDir('none');
  if (!dump) throw new Error('PGlite dump failed');
  const dumpPath = path.join(dataDir, 'template.tar');
  fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteDump', dumpPath);
  project.provide('postgresTemplate', '');
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
