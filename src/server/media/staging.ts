import 'server-only';
import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { getConfig } from '@/config';

// Uploads and the images made from them wait here, outside the storage root (so nothing here is ever
// served), until the row that names them is committed. A save that fails removes its files; files
// older than a day are leftovers of a process that died mid-request and are swept at the first use.
const staleMs = 24 * 60 * 60 * 1000;
let ready: Promise<string> | undefined;

function stagingDir(): Promise<string> {
  ready ??= (async () => {
    const dir = path.join(getConfig().dataDir, 'staging');
    await fsp.mkdir(dir, { recursive: true });
    const now = Date.now();
    for (const name of await fsp.readdir(dir)) {
      const file = path.join(dir, name);
      const stat = await fsp.stat(file).catch(() => null);
      if (stat && now - stat.mtimeMs > staleMs) await fsp.rm(file, { force: true });
    }
    return dir;
  })();
  return ready;
}

/** A new, unused file path in the staging folder. */
export async function stagingPath(extension: string): Promise<string> {
  return path.join(await stagingDir(), `${randomUUID()}.${extension}`);
}

export async function removeStaged(paths: Iterable<string>): Promise<void> {
  await Promise.all([...paths].map((file) => fsp.rm(file, { force: true })));
}
