import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPortal } from '../helpers/portal-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverDataDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (!entry.name.endsWith('.test.ts')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the pages when there is no build or the sources changed since the last one. */
export function ensureBuild() {
  // E2E_KEEP_BUILD=1: test the build there is, while the sources are being edited (`npm run build` first).
  if (
    process.env.E2E_KEEP_BUILD === '1' &&
    fs.existsSync(path.join(root, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID'))
  )
    return;
  const buildId = path.join(root, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID');
  const stale =
    !fs.existsSync(buildId) ||
    fs.statSync(buildId).mtimeMs <
      Math.max(newestSource(path.join(root, 'src')), fs.statSync(path.join(root, 'next.config.ts')).mtimeMs);
  if (!stale) return;
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('next build failed');
}

// The browser tests run against the real thing: the production build, served by server.ts exactly
// as `npm start` serves it, on a fresh embedded database with the demo data.
export default async function setup(project: TestProject) {
  ensureBuild();
  const server = await startPortal();
  project.provide('baseUrl', server.baseUrl);
  project.provide('serverDataDir', server.dataDir);
  return () => server.stop();
}
