import 'server-only';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, getConfig } from '@/config';

// Issue 26 item 11: a signing secret with a public default let anyone sign for anyone. Unset, each
// installation generates its own on first use and keeps it in DATA_DIR, so `npm start` still needs no
// setting and its links keep working across restarts. Processes sharing a database are refused at start
// without the variable (`checkServingConfig`): their DATA_DIRs differ, so they could not agree on one.

export type SigningSecretName = 'UNSUBSCRIBE_SECRET';
const names: SigningSecretName[] = ['UNSUBSCRIBE_SECRET'];
const minLength = 16;

const loaded = new Map<string, Record<SigningSecretName, string>>();

function readStored(file: string): Partial<Record<SigningSecretName, string>> | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const invalid = () =>
    new ConfigError(
      `Invalid configuration: ${file} is not a secrets file; delete it to generate new secrets (links in mails already sent stop working)`,
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid();
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalid();
  const stored: Partial<Record<SigningSecretName, string>> = {};
  for (const name of names) {
    const value = (parsed as Record<string, unknown>)[name];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.length < minLength) throw invalid();
    stored[name] = value;
  }
  return stored;
}

/**
 * The generated secrets of the installation in `dataDir` (its `secrets.json`, owner-only), made on first
 * use. Two processes starting on one folder at once agree: the file appears whole or not at all (a hard
 * link of a finished temporary file), and the one that loses the race reads the winner's.
 */
export function localSigningSecrets(dataDir: string): Record<SigningSecretName, string> {
  const file = path.join(path.resolve(dataDir), 'secrets.json');
  const known = loaded.get(file);
  if (known) return known;
  for (;;) {
    const stored = readStored(file);
    if (stored && names.every((n) => stored[n] !== undefined)) {
      const complete = stored as Record<SigningSecretName, string>;
      loaded.set(file, complete);
      return complete;
    }
    const next = { ...stored };
    for (const name of names) next[name] ??= randomBytes(32).toString('base64url');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(tmp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    try {
      // A new file only if there is none yet; a file from before a secret was added is replaced whole.
      if (stored === null) fs.linkSync(tmp, file);
      else fs.renameSync(tmp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
}

/** The secret that signs `name`'s things: its variable when set, else the installation's generated one. */
export function signingSecret(name: SigningSecretName): string {
  const config = getConfig();
  const configured: Record<SigningSecretName, string | undefined> = {
    UNSUBSCRIBE_SECRET: config.unsubscribeSecret,
  };
  return configured[name] ?? localSigningSecrets(config.dataDir)[name];
}

/** Forgets the secrets read from files (tests that delete or replace one). */
export function forgetLocalSigningSecrets(): void {
  loaded.clear();
}
