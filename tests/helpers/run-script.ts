import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Runs a TypeScript entry point in a Node process of its own, as `npm start` runs server.ts (tsx with
 * tsconfig.node.json), from the project's root; resolves once it exits, with what it printed.
 */
export function runScript(
  script: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { TSX_TSCONFIG_PATH: 'tsconfig.node.json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  return new Promise((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started })),
  );
}
