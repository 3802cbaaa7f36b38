import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pickMessages } from '@/i18n/client-messages';
import pl from '@/i18n/messages/pl.json';
import { appFiles, clientNamespaces, declared, lists, providerOf } from '../../scripts/client-namespaces';

const root = path.resolve(import.meta.dirname, '../..');
const rel = (file: string) => path.relative(root, file);

function provider(file: string): { file: string; names: string[] } | null {
  const from = providerOf(file);
  return from ? { file: from, names: declared(from) ?? [] } : null;
}

const covers = (names: string[], needed: string) =>
  names.some((name) => needed === name || needed.startsWith(`${name}.`));

// `npx tsx scripts/client-namespaces.ts --write` brings the lists (src/i18n/client-namespaces.json) up to date.
describe('client messages', () => {
  it('hand every client component of every page the namespaces it uses', () => {
    const problems: string[] = [];
    const used = new Map<string, Set<string>>();
    for (const file of appFiles()) {
      const { namespaces, unknown } = clientNamespaces(file);
      for (const module of unknown)
        problems.push(`${module}: useTranslations without a literal namespace or a client-messages line`);
      if (namespaces.size === 0) continue;
      const from = provider(file);
      if (!from) {
        problems.push(
          `${rel(file)}: needs ${[...namespaces].join(', ')} but nothing above it declares clientMessages`,
        );
        continue;
      }
      const missing = [...namespaces].filter((n) => !covers(from.names, n));
      if (missing.length) problems.push(`${rel(file)}: ${missing.join(', ')} missing from ${rel(from.file)}`);
      const set = used.get(from.file) ?? new Set();
      for (const n of namespaces) set.add(n);
      used.set(from.file, set);
    }
    // No list hands over a namespace none of its pages' client components use.
    for (const [file, names] of used) {
      for (const name of declared(file) ?? []) {
        if (![...names].some((n) => n === name || n.startsWith(`${name}.`) || name.startsWith(`${n}.`))) {
          problems.push(`${rel(file)}: '${name}' is declared but not used`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('keep a list only for a page or layout that hands it over', () => {
    const orphans = Object.keys(lists()).filter((key) => !declared(path.join(root, 'src/app', key)));
    expect(orphans).toEqual([]);
  });

  it('picks whole and nested namespaces and nothing else', () => {
    const picked = pickMessages(pl, ['nav', 'home.carousel']) as Record<string, Record<string, unknown>>;
    expect(Object.keys(picked).sort()).toEqual(['home', 'nav']);
    expect(picked.nav).toEqual(pl.nav);
    expect(picked.home).toEqual({ carousel: pl.home.carousel });
    expect(pickMessages(pl, ['no_such_namespace'])).toEqual({});
  });
});
