import type { Locale } from '@/lib/locale';
import en from './messages/en.json';
import pl from './messages/pl.json';

type Tree = { [key: string]: string | Tree };
const catalogs: Record<Locale, Tree> = { pl, en };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Server-side lookup for texts outside React (API errors, mails); `{name}` placeholders only. */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const text = lookup(catalogs[locale], key) ?? lookup(catalogs.pl, key) ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
