import fs from 'node:fs';
import path from 'node:path';

// Every text users see lives in both message files: a key present in one and missing in the other,
// or an empty text, fails the lint step. (Keys used in code are checked by the type check.)
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const dir = path.join(process.cwd(), 'src/i18n/messages');
const pl = flatten(JSON.parse(fs.readFileSync(path.join(dir, 'pl.json'), 'utf8')));
const en = flatten(JSON.parse(fs.readFileSync(path.join(dir, 'en.json'), 'utf8')));
const problems: string[] = [];
for (const key of pl.keys()) if (!en.has(key)) problems.push(`en.json lacks ${key}`);
for (const key of en.keys()) if (!pl.has(key)) problems.push(`pl.json lacks ${key}`);
for (const [name, map] of [
  ['pl', pl],
  ['en', en],
] as const) {
  for (const [key, value] of map) {
    if (!value.trim()) problems.push(`${name}.json has an empty text at ${key}`);
    const placeholders = (text: string) =>
      [...text.matchAll(/\{(\w+)/g)]
        .map((m) => m[1])
        .sort()
        .join(',');
    const other = (name === 'pl' ? en : pl).get(key);
    if (other !== undefined && placeholders(value) !== placeholders(other) && name === 'pl') {
      problems.push(`placeholders differ between pl and en at ${key}`);
    }
  }
}
if (problems.length) {
  for (const p of problems) console.error(p);
  process.exit(1);
}
console.log(`messages: ${pl.size} keys in pl and en`);
