import 'server-only';
import type { ImageKind, PreparedImage } from './images';
import { prepareImage, publishImage } from './images';
import { removeStaged } from './staging';

/**
 * A file of a form, already checked by the form reader: at most the image size limit, and its first bytes
 * are those of an accepted image format. It waits in a staging file that the request's end removes.
 */
export interface Upload {
  field: string;
  filename: string;
  path: string;
  size: number;
}

export type StageImage = (upload: Upload, kind: ImageKind) => Promise<{ url: string }>;

/**
 * Runs a save whose rows name new images: `stage` checks and encodes each upload into staging files,
 * `save` writes the rows (one transaction), and only after it has committed are the images moved into
 * storage. A refused or failed save leaves no file behind, in storage or in staging.
 */
export async function saveWithImages<T>(save: (stage: StageImage) => Promise<T>): Promise<T> {
  const prepared: PreparedImage[] = [];
  const stage: StageImage = async (upload, kind) => {
    const image = await prepareImage({ input: upload.path, kind, field: upload.field });
    prepared.push(image);
    return image;
  };
  try {
    const result = await save(stage);
    for (const image of prepared) await publishImage(image);
    return result;
  } finally {
    await removeStaged(prepared.flatMap((image) => image.files.map((f) => f.path)));
  }
}

/** Stages several uploads one after another (decoding is queued anyway; this keeps their order). */
export async function stageAll(stage: StageImage, uploads: Upload[], kind: ImageKind) {
  const staged = [];
  for (const upload of uploads) staged.push(await stage(upload, kind));
  return staged;
}
