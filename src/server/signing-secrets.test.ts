import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, resetConfig } from '@/config';
import { forgetLocalSigningSecrets, localSigningSecrets, signingSecret } from './signing-secrets';

// Issue 26 item 11: no signing secret has a public default; unset, an installation makes its own once and
// keeps it in DATA_DIR.

const dirs: string[] = [];
const newDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-secrets-'));
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  forgetLocalSigningSecrets();
  delete process.env.UNSUBSCRIBE_SECRET;
  delete process.env.DATA_DIR;
  resetConfig();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** What a separate Node process reads as the secret of `dataDir`. */
function secretInAnotherProcess(dataDir: string): Promise<string> {
  const script = `import { localSigningSecrets } from './src/server/signing-secrets.ts';
    console.log(localSigningSecrets(process.argv[1]).UNSUBSCRIBE_SECRET);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dataDir], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json' },
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`exit ${code}`)))),
  );
}

describe('signing secrets of an installation', () => {
  it('are generated on first use into DATA_DIR/secrets.json, readable by the owner only', () => {
    const dataDir = newDataDir();
    const { UNSUBSCRIBE_SECRET: secret } = localSigningSecrets(dataDir);
    expect(secret).toMatch(/^[\w-]{43}$/);
    const file = path.join(dataDir, 'secrets.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ UNSUBSCRIBE_SECRET: secret });
    // Another installation gets another secret.
    expect(localSigningSecrets(newDataDir()).UNSUBSCRIBE_SECRET).not.toBe(secret);
  });

  it('stay the same across restarts', async () => {
    const dataDir = newDataDir();
    const first = localSigningSecrets(dataDir).UNSUBSCRIBE_SECRET;
    forgetLocalSigningSecrets();
    expect(localSigningSecrets(dataDir).UNSUBSCRIBE_SECRET).toBe(first);
    expect(await secretInAnotherProcess(dataDir)).toBe(first);
  });

  it('come out the same in processes that start together on a new folder', async () => {
    const dataDir = newDataDir();
    const seen = await Promise.all(Array.from({ length: 4 }, () => secretInAnotherProcess(dataDir)));
    expect(new Set(seen).size).toBe(1);
    expect(localSigningSecrets(dataDir).UNSUBSCRIBE_SECRET).toBe(seen[0]);
    // Four Node.js processes starting at once: seconds on a busy 2-core machine.
  }, 30_000);

  it('refuse a damaged file with one line naming it, and never overwrite it', () => {
    const dataDir = newDataDir();
    const file = path.join(dataDir, 'secrets.json');
    for (const text of ['{"UNSUBSCRIBE_SECRET": "short"}', 'not json', '[]']) {
      fs.writeFileSync(file, text);
      forgetLocalSigningSecrets();
      expect(() => localSigningSecrets(dataDir)).toThrow(ConfigError);
      expect(() => localSigningSecrets(dataDir)).toThrow(`${file} is not a secrets file`);
      expect(fs.readFileSync(file, 'utf8')).toBe(text);
    }
  });

  it('give way to UNSUBSCRIBE_SECRET when it is set', () => {
    process.env.DATA_DIR = newDataDir();
    resetConfig();
    const generated = signingSecret('UNSUBSCRIBE_SECRET');
    expect(generated).toBe(localSigningSecrets(process.env.DATA_DIR).UNSUBSCRIBE_SECRET);
    process.env.UNSUBSCRIBE_SECRET = 'an-operator-chosen-secret';
    resetConfig();
    expect(signingSecret('UNSUBSCRIBE_SECRET')).toBe('an-operator-chosen-secret');
  });
});
