import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { gzipSync } from 'node:zlib';

// npm run build runs this after `next build`: the first-load JavaScript of every app route, gzip, as
// a browser fetches it (the scripts bench/run-bench.ts counts in a page's HTML), against the budget of
// issue 15 (150 KB). `tsx scripts/check-js-budget.ts [--budget KB] [--dist-dir DIR]`.
//
// Where the build says what a route loads (Next.js 16, Turbopack):
// - build-manifest.json `rootMainFiles`: React, the router and the Turbopack runtime, on every page
//   (`polyfillFiles` are `nomodule`: browsers that run modules skip them);
// - app-path-routes-manifest.json: each route's entry (`/places/[id]/page`) and its URL;
// - server/app/<entry>_client-reference-manifest.js `entryJSFiles`: the client chunks of every layout,
//   page and boundary in the route's tree. Chunks loaded later (next/dynamic, import()) are not there.

export const defaultBudgetKb = 150;

/**
 * Routes not yet under the budget (issue 15: the big account and event forms, the admin catalogue
 * with its tables and dialogs), each with the ceiling it may not grow past: measured when it was listed,
 * plus 1-2 KB. Take a route out once it fits; any route not listed is held to the budget itself.
 */
export const knownOver: Record<string, number> = {
  // Issue 35's shared form parts (one day's hours for the week and the special days, a language tab's name
  // and description, the checkbox list) split the company form's code differently: 0.8 KB more here.
  '/account/create-place': 158,
  '/account/edit-place/[id]': 158,
  // Issue 30: the attribute catalogue, the same table and forms as its siblings.
  '/admin/catalogue/attributes': 152,
  '/admin/catalogue/categories': 152,
  '/admin/catalogue/languages': 152,
  '/admin/catalogue/packs': 152,
  '/admin/catalogue/plans': 152,
  // Issue 31: the attendees' nearby carousel moved to a chunk of its own (components/calendar/calendar-nearby-lazy.tsx).
  '/calendar': 160,
  // Issue 34: the typed API client's address builder (apiUrl) took it 96 bytes over; issue 32's lighter pages.
  '/messages/[id]': 151,
  // Issue 35: the forms read their length limits by name (textMax), 95 bytes more than typed numbers.
  // The shared form parts above: 0.3 KB more on /register.
  '/profile': 160,
  '/register': 160,
};

export interface RouteScripts {
  route: string;
  files: string[];
  bytes: number;
}

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

/** The manifest's entryJSFiles: the script assigns it to a global, so it runs in a sandbox of its own. */
function entryFiles(manifestFile: string, entry: string): string[] {
  const sandbox: { __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }> } = {};
  vm.runInNewContext(fs.readFileSync(manifestFile, 'utf8'), sandbox, { timeout: 5000 });
  const manifest = sandbox.__RSC_MANIFEST?.[entry];
  if (!manifest?.entryJSFiles) throw new Error(`${manifestFile} has no entryJSFiles for ${entry}`);
  return Object.values(manifest.entryJSFiles).flat();
}

/** Every app route with a page, the scripts its first load fetches and their gzip size. */
export function routeScripts(distDir: string): RouteScripts[] {
  const build = readJson<{ rootMainFiles?: string[] }>(path.join(distDir, 'build-manifest.json'));
  const routes = readJson<Record<string, string>>(path.join(distDir, 'app-path-routes-manifest.json'));
  const sizes = new Map<string, number>();
  const gzipSize = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(fs.readFileSync(path.join(distDir, file))).length;
      sizes.set(file, size);
    }
    return size;
  };
  const results: RouteScripts[] = [];
  for (const [entry, route] of Object.entries(routes)) {
    if (!entry.endsWith('/page')) continue;
    const manifest = path.join(distDir, 'server', 'app', `${entry}_client-reference-manifest.js`);
    const files = [...new Set([...(build.rootMainFiles ?? []), ...entryFiles(manifest, entry)])].filter((f) =>
      f.endsWith('.js'),
    );
    results.push({ route, files, bytes: files.reduce((sum, f) => sum + gzipSize(f), 0) });
  }
  return results.sort((a, b) => a.route.localeCompare(b.route));
}

export const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The routes above their limit (the budget, or their ceiling in `allowed`), largest first. */
export function overBudget(
  results: RouteScripts[],
  budgetKb: number,
  allowed: Record<string, number> = {},
): RouteScripts[] {
  return results
    .filter((r) => r.bytes > (allowed[r.route] ?? budgetKb) * 1024)
    .sort((a, b) => b.bytes - a.bytes);
}

function main() {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const budget = Number(option('budget') ?? defaultBudgetKb);
  const distDir = path.resolve(option('dist-dir') ?? process.env.NEXT_DIST_DIR ?? '.next');
  const results = routeScripts(distDir);
  if (!results.length) throw new Error(`no app routes found in ${distDir}`);
  console.log(`First-load JavaScript per route (gzip, budget ${budget} KB):`);
  const width = Math.max(...results.map((r) => r.route.length));
  for (const r of results) {
    const ceiling = knownOver[r.route];
    const note = ceiling ? `  (not yet under the budget; ceiling ${ceiling} KB)` : '';
    console.log(`  ${r.route.padEnd(width)}  ${kb(r.bytes).toFixed(1).padStart(6)} KB${note}`);
  }
  const over = overBudget(results, budget, knownOver);
  if (over.length) {
    const list = over.map((r) => `${r.route} (${kb(r.bytes)} KB)`).join(', ');
    console.error(`\nOver the ${budget} KB budget (or a listed route's ceiling): ${list}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
