import 'server-only';
import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import sharp from 'sharp';
import { maxImageBytes } from '@/lib/spec-limits';
import { createQueue } from '@/server/concurrency';
import { fieldError } from '@/server/errors';
import { removeStaged, stagingPath } from './staging';
import { getStorage, mediaUrl } from './storage';

// libvips' operation cache keeps decoded pixels of past uploads; uploads are never decoded twice, so
// it only holds memory (measured: about 100 MB more RSS after 20 parallel uploads with it on).
sharp.cache(false);

// A 2 MB file of real photos stays well below this (a 12 MP phone shot is ~4000×3000), while a few
// bytes declaring a huge canvas are refused before any pixel is decoded.
const maxInputPixels = 40_000_000;

const quality = 78;

export type ImageKind = 'logo' | 'banner' | 'photo' | 'avatar';

interface OutputSize {
  width: number;
  height?: number;
  fit: 'cover' | 'inside';
  /** Appended to the main key ("-600"); the main output has none. */
  suffix?: string;
}

// The first entry is the stored image; the rest are smaller (or retina) copies the pages ask for.
// Cover sizes are exact so cards line up; photos are never enlarged.
const outputSizes: Record<ImageKind, OutputSize[]> = {
  logo: [
    { width: 256, height: 256, fit: 'cover' },
    { width: 512, height: 512, fit: 'cover', suffix: '-512' },
  ],
  banner: [
    { width: 1600, height: 500, fit: 'cover' },
    { width: 800, height: 250, fit: 'cover', suffix: '-800' },
  ],
  photo: [
    { width: 1600, height: 1600, fit: 'inside' },
    { width: 600, fit: 'inside', suffix: '-600' },
  ],
  avatar: [{ width: 256, height: 256, fit: 'cover' }],
};

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

const ascii = (buffer: Buffer, start: number, end: number) => buffer.subarray(start, end).toString('latin1');

/** How many leading bytes `sniffFormat` needs to decide (an AVIF's brands may sit up to 64 bytes in). */
export const sniffBytes = 64;

// Only the leading bytes decide which decoder may run: sharp alone would also open SVG, PDF,
// TIFF and more, which an upload must never reach. The form reader calls this on a part's first
// bytes, so a file that is no image is refused before the rest of it is read.
export function sniffFormat(buffer: Buffer): ImageFormat | null {
  if (buffer.length < 12) return null;
  if (buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpeg';
  if (buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  const head6 = ascii(buffer, 0, 6);
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return 'gif';
  if (ascii(buffer, 0, 4) === 'RIFF' && ascii(buffer, 8, 12) === 'WEBP') return 'webp';
  if (ascii(buffer, 4, 8) === 'ftyp') {
    // Encoders put "avif" as the major brand or only among the compatible ones (after "mif1").
    const boxSize = Math.min(buffer.readUInt32BE(0), buffer.length, 64);
    for (let at = 8; at + 4 <= boxSize; at += 4) {
      if (at === 12) continue; // minor version, not a brand
      const brand = ascii(buffer, at, at + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return null;
}

/** An image in memory, or the path of a file holding one (uploads wait in staging files, not in memory). */
export type ImageInput = Buffer | string;

async function leadingBytes(input: ImageInput): Promise<Buffer> {
  if (typeof input !== 'string') return input;
  const file = await fsp.open(input, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(sniffBytes), 0, sniffBytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

function decoder(input: ImageInput) {
  // GIF and animated WebP: only the first frame is read (sharp's default of one page).
  return sharp(input, { limitInputPixels: maxInputPixels, failOn: 'error' });
}

// Decoding is where an upload costs memory (a 12 MP photo is 36 MB of pixels), so however many uploads
// arrive at once, one is decoded at a time; the others wait in their staging files.
const decoding = createQueue({ concurrency: 1 });

/**
 * The format and the displayed size (EXIF orientation applied), or null for anything that is not an accepted
 * raster image. Reads headers only: damaged pixel data is found when prepareImage decodes it.
 */
export async function inspectImage(
  input: ImageInput,
): Promise<{ format: ImageFormat; width: number; height: number } | null> {
  const format = sniffFormat(await leadingBytes(input));
  if (!format) return null;
  try {
    const metadata = await decoder(input).metadata();
    // libheif reports AVIF as "heif"; its compression tells AVIF from HEIC.
    const decoded = metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format;
    if (decoded !== format) return null;
    const { width, height } = metadata.autoOrient;
    if (!width || !height) return null;
    return { format, width, height };
  } catch {
    return null;
  }
}

const hashLength = 32;

async function encode(input: ImageInput, sizes: OutputSize[]) {
  const base = decoder(input).autoOrient();
  // Metadata (EXIF, GPS, ICC) is dropped because keepMetadata() is never called.
  return Promise.all(
    sizes.map((size) =>
      base
        .clone()
        .resize({
          width: size.width,
          height: size.height,
          fit: size.fit,
          withoutEnlargement: size.fit === 'inside',
        })
        .webp({ quality })
        .toBuffer({ resolveWithObject: true })
        .then(({ data, info }) => ({ suffix: size.suffix ?? '', data, info })),
    ),
  );
}

/** An image encoded into staging files, named by its content, not yet in storage. */
export interface PreparedImage {
  key: string;
  url: string;
  width: number;
  height: number;
  /** Storage key and staging file of each output; the main image comes last. */
  files: { key: string; path: string }[];
}

async function inputSize(input: ImageInput): Promise<number> {
  return typeof input === 'string' ? (await fsp.stat(input)).size : input.length;
}

/**
 * Checks an image, re-encodes it to WebP in the sizes of `kind` and writes the outputs to staging files.
 * Nothing reaches storage here: `publishImage` moves the files once the row that names them is committed.
 */
export async function prepareImage({
  input,
  kind,
  field,
}: {
  input: ImageInput;
  kind: ImageKind;
  field: string;
}): Promise<PreparedImage> {
  if ((await inputSize(input)) > maxImageBytes)
    throw fieldError(field, 'validation.image_too_large', { max: maxImageBytes / (1024 * 1024) });
  return decoding.run(async () => {
    if (!(await inspectImage(input))) throw fieldError(field, 'validation.image_type');
    let outputs: Awaited<ReturnType<typeof encode>>;
    try {
      outputs = await encode(input, outputSizes[kind]);
    } catch {
      // The header was fine but the pixels are not (truncated or corrupt data).
      throw fieldError(field, 'validation.image_type');
    }
    const [main, ...variants] = outputs;
    if (!main) throw new Error(`no output size for image kind ${kind}`);
    // Same picture, same name: a repeated upload overwrites identical bytes, and the name can be cached forever.
    const name = `${kind}/${createHash('sha256').update(main.data).digest('hex').slice(0, hashLength)}`;
    const files: PreparedImage['files'] = [];
    try {
      // Variants first, so that publishing in this order never shows the main key without them.
      for (const output of [...variants, main]) {
        const path = await stagingPath('webp');
        files.push({ key: `${name}${output.suffix}.webp`, path });
        await fsp.writeFile(path, output.data);
      }
    } catch (error) {
      await removeStaged(files.map((f) => f.path));
      throw error;
    }
    const key = `${name}.webp`;
    return { key, url: mediaUrl(key), width: main.info.width, height: main.info.height, files };
  });
}

/** Moves a prepared image's files into storage (variants first). */
export async function publishImage(image: PreparedImage): Promise<void> {
  const storage = getStorage();
  for (const file of image.files) await storage.putFile(file.key, file.path);
}

const ownUrl = new RegExp(
  `^${mediaUrl('')}(${Object.keys(outputSizes).join('|')})/([0-9a-f]{${hashLength}})\\.webp$`,
);

/**
 * Removes an image published by `publishImage` and its variants; any other URL (seed pictures, outside links) is
 * left alone. Keys are shared by identical uploads, so call it only when no other row uses the URL.
 */
export async function removeImage(url: string): Promise<void> {
  const match = ownUrl.exec(url);
  if (!match) return;
  const kind = match[1] as ImageKind;
  const name = `${kind}/${match[2]}`;
  const storage = getStorage();
  await Promise.all(outputSizes[kind].map((size) => storage.remove(`${name}${size.suffix ?? ''}.webp`)));
}
