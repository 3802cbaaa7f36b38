import { fieldError } from '../errors';
import { type ImageKind, maxImageBytes, storeImage } from './images';

/** A file of a form: the parser stops reading at the size limit and says so with `truncated`. */
export interface Upload {
  field: string;
  filename: string;
  buffer: Buffer;
  truncated: boolean;
}

export async function storeUpload(upload: Upload, kind: ImageKind) {
  if (upload.truncated) {
    throw fieldError(upload.field, 'validation.image_too_large', { max: maxImageBytes / (1024 * 1024) });
  }
  return storeImage({ buffer: upload.buffer, kind, field: upload.field });
}

/** Stores several uploads one after another (sharp already uses the cores; this bounds memory). */
export async function storeUploads(uploads: Upload[], kind: ImageKind) {
  const stored = [];
  for (const upload of uploads) stored.push(await storeUpload(upload, kind));
  return stored;
}
