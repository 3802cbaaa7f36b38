import fs from 'node:fs';
import path from 'node:path';

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i];
    if (c === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The decoded text of every part of an .eml file (quoted-printable and base64 bodies). */
export function decodeEml(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const [head = '', ...body] = part.split(/\r?\n\r?\n/);
      const content = body.join('\n\n');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(content);
      if (/content-transfer-encoding:\s*base64/i.test(head))
        return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
      return content;
    })
    .join('\n');
}

/** Waits for a mail to `to` in the embedded outbox folder and returns the first link matching `pattern`. */
export async function waitForMailLink(
  dataDir: string,
  to: string,
  pattern: RegExp,
  after = 0,
): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 20_000;
  for (;;) {
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
      : [];
    for (const file of files.reverse()) {
      const full = path.join(dir, file);
      if (fs.statSync(full).mtimeMs < after) continue;
      const raw = fs.readFileSync(full, 'utf8');
      if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(raw)) continue;
      const link = decodeEml(raw).match(pattern)?.[0];
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
