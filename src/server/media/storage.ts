import 'server-only';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { getConfig } from '@/config';
import type { MediaStorage } from './media-storage';
import { isValidKey } from './media-types';
import { s3Storage } from './s3-storage';

export type { MediaStorage } from './media-storage';

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
    async check() {
      await fsp.mkdir(root, { recursive: true });
      await fsp.access(root, fs.constants.W_OK);
    },
  };
}

let storage: MediaStorage | undefined;

export function getStorage(): MediaStorage {
  if (!storage) {
    const config = getConfig();
    storage = config.s3 ? s3Storage(config.s3) : diskStorage(config.uploadsDir);
  }
  return storage;
}

/** Forgets the chosen store, so the next `getStorage()` follows the configuration again (tests). */
export function resetStorage(): void {
  storage = undefined;
}

/**
 * The store's own public address of a key (S3_PUBLIC_URL, a CDN or the bucket), for `/media` to redirect
 * to; null when there is none and `/media` streams the object itself.
 */
export function directMediaUrl(key: string): string | null {
  const publicUrl = getConfig().s3?.publicUrl;
  return publicUrl ? `${publicUrl}/${key}` : null;
}

/** Public URL of a stored key. */
export function mediaUrl(key: string): string {
  return `/media/${key}`;
}
