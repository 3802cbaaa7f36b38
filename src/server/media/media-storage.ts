import type { Readable } from 'node:stream';

/** Where uploaded and generated images live: the local disk by default, an S3-compatible bucket with S3_BUCKET. */
export interface MediaStorage {
  put(key: string, body: Buffer): Promise<void>;
  /** Moves a finished local file (a staged upload) to the key. */
  putFile(key: string, file: string): Promise<void>;
  /** A stream and its size, or null when there is no such object. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
  /** Throws one line naming what is wrong when the store cannot be written (start-up and readiness). */
  check(): Promise<void>;
}
