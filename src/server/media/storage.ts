import 'server-only';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { getConfig } from '@/config';

/** Where uploaded and generated images live; disk by default, an S3 bucket in production later. */
export interface MediaStorage {
  put(key: string, body: Buffer): Promise<void>;
  /** Moves a finished local file (a staged upload) to the key. */
  putFile(key: string, file: string): Promise<void>;
  /** A stream and its size, or null when there is no such object. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
}

// Keys are flat "folder/name.ext" paths of safe characters; anything else is refused so a key can
// never walk out of the storage root.
const keyPattern = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)+$/i;

export function isValidKey(key: string): boolean {
  return keyPattern.test(key) && !key.includes('..');
}

export function diskStorage(root: string): MediaStorage {
  const resolve = (key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid media key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
      await fsp.writeFile(tmp, body);
      await fsp.rename(tmp, file);
    },
    async putFile(key, source) {
      const file = resolve(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      try {
        // Staging lives in the same data folder, so this is one atomic rename.
        await fsp.rename(source, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
        await fsp.copyFile(source, tmp);
        await fsp.rename(tmp, file);
        await fsp.rm(source, { force: true });
      }
    },
    async get(key) {
      if (!isValidKey(key)) return null;
      const file = resolve(key);
      try {
        const stat = await fsp.stat(file);
        if (!stat.isFile()) return null;
        return { body: fs.createReadStream(file), size: stat.size };
      } catch {
        return null;
      }
    },
    async remove(key) {
      await fsp.rm(resolve(key), { force: true });
    },
  };
}

let storage: MediaStorage | undefined;

export function getStorage(): MediaStorage {
  storage ??= diskStorage(getConfig().uploadsDir);
  return storage;
}

/** Public URL of a stored key. */
export function mediaUrl(key: string): string {
  return `/media/${key}`;
}
