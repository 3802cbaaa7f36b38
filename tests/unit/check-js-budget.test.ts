import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kb, overBudget, routeScripts } from '../../scripts/check-js-budget';

const root = path.resolve(import.meta.dirname, '../..');

// A build directory as Next.js 16 writes it, reduced to what the check reads. Random bytes do not
// compress, so each chunk's gzip size is about its length.
let dist: string;
const chunks: Record<string, Buffer> = {
  'static/chunks/react.js': randomBytes(6000),
  'static/chunks/runtime.js': randomBytes(1000),
  'static/chunks/polyfills.js': randomBytes(9000),
  'static/chunks/layout.js': randomBytes(2000),
  'static/chunks/home.js': randomBytes(1500),
  'static/chunks/place.js': randomBytes(12000),
};
const gz = (...files: string[]) => files.reduce((sum, f) => sum + gzipSync(chunks[f] as Buffer).length, 0);

function clientManifest(entry: string, entryJSFiles: Record<string, string[]>) {
  const body = { moduleLoading: { prefix: '' }, clientModules: {}, entryCSSFiles: {}, entryJSFiles };
  return `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(entry)}] = ${JSON.stringify(body)};\n`;
}

function write(file: string, content: string | Buffer) {
  fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  fs.writeFileSync(path.join(dist, file), content);
}

beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'js-budget-'));
  for (const [file, bytes] of Object.entries(chunks)) write(file, bytes);
  write('static/chunks/layout.css', randomBytes(50_000));
  write(
    'build-manifest.json',
    JSON.stringify({
      polyfillFiles: ['static/chunks/polyfills.js'],
      rootMainFiles: ['static/chunks/react.js', 'static/chunks/runtime.js'],
    }),
  );
  write(
    'app-path-routes-manifest.json',
    JSON.stringify({ '/page': '/', '/places/[id]/page': '/places/[id]', '/icon.svg/route': '/icon.svg' }),
  );
  const layout = ['static/chunks/layout.js', 'static/chunks/layout.css'];
  write(
    'server/app/page_client-reference-manifest.js',
    clientManifest('/page', {
      '[project]/src/app/layout': layout,
      '[project]/src/app/page': [...layout, 'static/chunks/home.js'],
    }),
  );
  write(
    'server/app/places/[id]/page_client-reference-manifest.js',
    clientManifest('/places/[id]/page', {
      '[project]/src/app/layout': layout,
      '[project]/src/app/places/[id]/page': [...layout, 'static/chunks/place.js'],
    }),
  );
});

afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('check-js-budget', () => {
  it('counts the root scripts and each route tree’s entry scripts once, without CSS or polyfills', () => {
    const results = routeScripts(dist);
    expect(results.map((r) => r.route)).toEqual(['/', '/places/[id]']);
    const [home, place] = results;
    expect(home?.files.sort()).toEqual(
      [
        'static/chunks/home.js',
        'static/chunks/layout.js',
        'static/chunks/react.js',
        'static/chunks/runtime.js',
      ].sort(),
    );
    const common = ['static/chunks/react.js', 'static/chunks/runtime.js', 'static/chunks/layout.js'];
    expect(home?.bytes).toBe(gz(...common, 'static/chunks/home.js'));
    expect(place?.bytes).toBe(gz(...common, 'static/chunks/place.js'));
  });

  it('names the routes over the budget, largest first', () => {
    const results = routeScripts(dist);
    expect(overBudget(results, 15).map((r) => r.route)).toEqual(['/places/[id]']);
    expect(overBudget(results, 5).map((r) => r.route)).toEqual(['/places/[id]', '/']);
    expect(overBudget(results, 100)).toEqual([]);
    // A listed route is held to its own ceiling instead, and fails above it.
    expect(overBudget(results, 15, { '/places/[id]': 25 })).toEqual([]);
    expect(overBudget(results, 5, { '/places/[id]': 25 }).map((r) => r.route)).toEqual(['/']);
    expect(overBudget(results, 15, { '/places/[id]': 18 }).map((r) => r.route)).toEqual(['/places/[id]']);
    expect(kb(1536)).toBe(1.5);
  });

  it('fails the build with the route names above the budget, and passes under it', () => {
    const run = (budget: number) =>
      spawnSync(
        process.execPath,
        ['--import', 'tsx', 'scripts/check-js-budget.ts', '--dist-dir', dist, '--budget', String(budget)],
        { cwd: root, encoding: 'utf8' },
      );
    const over = run(15);
    expect(over.status).toBe(1);
    expect(over.stderr).toMatch(/Over the 15 KB budget.*: \/places\/\[id\] \(\d+(\.\d)? KB\)/);
    expect(over.stderr).not.toMatch(/budget:.*\/ \(/);
    const under = run(100);
    expect(under.status).toBe(0);
    expect(under.stdout).toMatch(/\/places\/\[id\]\s+\d+\.\d KB/);
  });

  it('stops when a route’s manifest is missing rather than passing it unmeasured', () => {
    fs.renameSync(
      path.join(dist, 'server/app/page_client-reference-manifest.js'),
      path.join(dist, 'server/app/page_client-reference-manifest.bak'),
    );
    try {
      expect(() => routeScripts(dist)).toThrow(/page_client-reference-manifest/);
    } finally {
      fs.renameSync(
        path.join(dist, 'server/app/page_client-reference-manifest.bak'),
        path.join(dist, 'server/app/page_client-reference-manifest.js'),
      );
    }
  });
});
