import fs from 'node:fs';
import path from 'node:path';

// Every text users see lives in both message files: a key present in one and missing in the other,
// or an empty text, fails the lint step. (Keys used in code are checked by the type check.)
type Tree = { [key: string]: string | Tree };

/**
 * The argument names of an ICU message, plural and select branches included: `{n, plural, one {Every
 * day} other {# days}}` has `n` only (the branches' words are text, not arguments).
 */
function argumentsOf(text: string): string[] {
  const names: string[] = [];
  let i = 0;
  // Reads message text up to the `}` that closes it (or the end), collecting the arguments inside.
  const message = (): void => {
    while (i < text.length && text[i] !== '}') {
      if (text[i] === "'" && text[i + 1] === '{') {
        i = text.indexOf("'", i + 1) + 1 || text.length;
      } else if (text[i] === '{') {
        i++;
        argument();
      } else i++;
    }
  };
  const argument = (): void => {
    const head = /^\s*(\w+)\s*(?:,\s*(\w+)\s*)?/.exec(text.slice(i));
    if (!head) return;
    names.push(head[1] as string);
    i += head[0].length;
    const kind = head[2];
    if (kind === 'plural' || kind === 'select' || kind === 'selectordinal') {
      if (text[i] === ',') i++;
      // Branches: `key {message}` until the argument's closing brace.
      while (i < text.length && text[i] !== '}') {
        if (text[i] === '{') {
          i++;
          message();
        }
        i++;
      }
      i++;
      return;
    }
    // A simple or formatted argument ({name} or {d, date, short}): skip to its end.
    const end = text.indexOf('}', i);
    i = end < 0 ? text.length : end + 1;
  };
  message();
  return names;
}

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
    const placeholders = (text: string) => [...new Set(argumentsOf(text))].sort().join(',');
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
