import fs from 'node:fs';
import path from 'node:path';

// Which message namespaces the client components under a page or layout use: the page hands only
// those to the browser (src/i18n/client-messages.ts). Follows the static imports from the file through
// src/, and in every 'use client' module collects the literal namespaces of useTranslations('…'). A
// module whose namespace is not a literal says which ones it uses in a `// client-messages: a b` line.
// `npx tsx scripts/client-namespaces.ts` prints what each page needs.

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'src');
const importPattern = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
// Modules that never render a client component; walking them would only cost time.
const skipped = [path.join(src, 'server'), path.join(src, 'db'), path.join(src, 'seed')];

function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(src, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [
    base,
    `${base}.tsx`,
    `${base}.ts`,
    path.join(base, 'index.tsx'),
    path.join(base, 'index.ts'),
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const isClient = (text: string) => /^\s*(?:\/\/[^\n]*\n\s*)*['"]use client['"]/.test(text);

export interface ClientNamespaces {
  /** Namespaces (possibly dotted, as written) used by client modules reachable from the file. */
  namespaces: Set<string>;
  /** Client modules that call useTranslations with no literal and no `client-messages` line. */
  unknown: string[];
}

/** The client namespaces of everything `file` imports, directly or not. */
export function clientNamespaces(file: string): ClientNamespaces {
  const namespaces = new Set<string>();
  const unknown: string[] = [];
  const seen = new Set<string>();
  const visit = (current: string) => {
    if (seen.has(current) || skipped.some((dir) => current.startsWith(dir + path.sep))) return;
    seen.add(current);
    const text = fs.readFileSync(current, 'utf8');
    if (isClient(text)) {
      for (const m of text.matchAll(/useTranslations\(\s*'([^']+)'\s*\)/g)) namespaces.add(m[1] as string);
      const declared = text.match(/\/\/ client-messages: ([^\n]+)/);
      for (const name of declared?.[1]?.trim().split(/\s+/) ?? []) namespaces.add(name);
      if (/useTranslations\(\s*[^'\s)]/.test(text) || /useTranslations\(\s*\)/.test(text)) {
        if (!declared) unknown.push(path.relative(root, current));
      }
    }
    for (const m of text.matchAll(importPattern)) {
      const target = resolve(current, (m[1] ?? m[2]) as string);
      if (target && /\.tsx?$/.test(target) && !target.endsWith('.test.ts')) visit(target);
    }
  };
  visit(path.resolve(file));
  return { namespaces, unknown };
}

/** The page, layout and status files of the app router. */
export function appFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/^(page|layout|not-found|forbidden|error|template)\.tsx$/.test(entry.name)) found.push(full);
    }
  };
  walk(path.join(src, 'app'));
  return found.sort();
}

/** Drops a namespace covered by a broader one in the list ('home' covers 'home.carousel'). */
export function minimal(names: Iterable<string>): string[] {
  const all = [...new Set(names)].sort();
  return all.filter((name) => !all.some((other) => other !== name && name.startsWith(`${other}.`)));
}

// The lists live in one generated file, each under the path (below src/app) of the page or layout that
// hands it over with `const clientMessages = clientNamespaces['<its path>']`.
const listsFile = path.join(src, 'i18n', 'client-namespaces.json');
const listPattern = /const clientMessages = clientNamespaces\['([^']+)'\]/;

/** Every list, by the page or layout that declares it. */
export function lists(): Record<string, string[]> {
  return JSON.parse(fs.readFileSync(listsFile, 'utf8'));
}

/** The `clientMessages` list a page or layout declares, or null. */
export function declared(file: string): string[] | null {
  if (!fs.existsSync(file)) return null;
  const match = fs.readFileSync(file, 'utf8').match(listPattern);
  if (!match) return null;
  const key = path.relative(path.join(src, 'app'), file);
  if (match[1] !== key) throw new Error(`${file} reads the list of ${match[1]}, not its own (${key})`);
  return lists()[key] ?? [];
}

/** The file whose list reaches `file`: itself, else its folder's layout, else the parents'. */
export function providerOf(file: string): string | null {
  if (declared(file)) return file;
  for (let dir = path.dirname(file); dir.startsWith(path.join(src, 'app')); dir = path.dirname(dir)) {
    const layout = path.join(dir, 'layout.tsx');
    if (layout !== file && declared(layout)) return layout;
  }
  return null;
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  // --write rewrites every list with what the files it reaches use.
  const needs = new Map<string, Set<string>>();
  for (const file of appFiles()) {
    const { namespaces, unknown } = clientNamespaces(file);
    const provider = providerOf(file);
    const from = provider && provider !== file ? ` (from ${path.relative(root, provider)})` : '';
    const odd = unknown.length ? `  UNKNOWN: ${unknown.join(', ')}` : '';
    console.log(`${path.relative(root, file)}: ${minimal(namespaces).join(' ')}${from}${odd}`);
    if (provider) needs.set(provider, new Set([...(needs.get(provider) ?? []), ...namespaces]));
  }
  if (process.argv.includes('--write')) {
    const written: Record<string, string[]> = {};
    for (const [file, names] of [...needs].sort(([a], [b]) => a.localeCompare(b))) {
      written[path.relative(path.join(src, 'app'), file)] = minimal(names);
    }
    // One list a line, so a change to a page's list is a one-line diff.
    const lines = Object.entries(written).map(
      ([file, names]) =>
        `  ${JSON.stringify(file)}: [${names.map((name) => JSON.stringify(name)).join(', ')}]`,
    );
    fs.writeFileSync(listsFile, `{\n${lines.join(',\n')}\n}\n`);
  }
}
