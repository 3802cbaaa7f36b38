import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { maxImageBytes } from '@/lib/spec-limits';
import { AppError } from '@/server/errors';
import type { ImageKind } from './images';

// getConfig() caches DATA_DIR on first use, so it is set before the module that reads it is loaded.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-images-'));
process.env.DATA_DIR = dataDir;
const { inspectImage, prepareImage, publishImage, removeImage } = await import('./images');

/** Prepares and publishes at once, as a save does after its commit. */
async function storeImage({ buffer, kind, field }: { buffer: Buffer; kind: ImageKind; field: string }) {
  const image = await prepareImage({ input: buffer, kind, field });
  await publishImage(image);
  return image;
}
const { getStorage } = await import('./storage');

const uploads = path.join(dataDir, 'uploads');
const stored = (key: string) => fs.readFileSync(path.join(uploads, key));
const storedFiles = () => (fs.existsSync(uploads) ? fs.readdirSync(uploads, { recursive: true }).length : 0);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// A picture with some detail, so encoders have real work and outputs differ between inputs.
const canvas = (width: number, height: number, colour = '#3b82f6') =>
  sharp({ create: { width, height, channels: 3, background: colour } }).composite([
    {
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 3}" cy="${height / 2}" r="${height / 3}" fill="#f59e0b"/></svg>`,
      ),
    },
  ]);

const png = await canvas(400, 300).png().toBuffer();
const jpeg = await canvas(400, 300, '#10b981').jpeg().toBuffer();
const webp = await canvas(400, 300, '#ef4444').webp().toBuffer();
const gif = await canvas(400, 300, '#8b5cf6').gif().toBuffer();
const frame = (colour: string) => canvas(40, 30, colour).png().toBuffer();
const animatedGif = await sharp([await frame('#000000'), await frame('#ffffff')], {
  join: { animated: true },
})
  .gif()
  .toBuffer();
const avifSupported = sharp.format.heif?.input.buffer === true;
const avif = avifSupported ? await canvas(400, 300, '#0ea5e9').avif().toBuffer() : Buffer.alloc(0);
// Stored as 400×300 landscape pixels, shown as 300×400 portrait because of EXIF orientation 6.
const rotatedJpeg = await canvas(400, 300).jpeg().withMetadata({ orientation: 6 }).toBuffer();

/** A valid 1×1 PNG whose IHDR claims width × height, with a correct CRC so only the size is wrong. */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const tiny = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  // IHDR: length at 8, type at 12, width at 16, height at 20, CRC of type + data at 29.
  tiny.writeUInt32BE(width, 16);
  tiny.writeUInt32BE(height, 20);
  tiny.writeUInt32BE(crc32(tiny.subarray(12, 29)), 29);
  return tiny;
}
const bomb = await pngDeclaring(30_000, 30_000);
// Under sharp's own default limit (268 MP) but over ours, so only our limit refuses it.
const bombUnderDefaultLimit = await pngDeclaring(8_000, 8_000);

const svgPlain =
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>';
const badInputs: [string, Buffer][] = [
  ['a text file renamed .png', Buffer.from('hello')],
  [
    'an HTML file',
    Buffer.from('<!doctype html><html><body><script>alert(1)</script><p>hi</p></body></html>'),
  ],
  ['an SVG without script', Buffer.from(svgPlain)],
  ['an SVG with script', Buffer.from(svgPlain.replace('<rect', '<script>alert(1)</script><rect'))],
  ['an SVG behind an XML declaration', Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${svgPlain}`)],
  ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')],
  ['a TIFF (decodable, but not accepted)', await canvas(40, 30).tiff().toBuffer()],
  ['a PNG cut inside its header', png.subarray(0, 20)],
  [
    'a JPEG signature followed by text',
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('hello world')]),
  ],
  ['a decompression bomb (1×1 PNG declaring 30000×30000)', bomb],
  ['a PNG declaring 8000×8000', bombUnderDefaultLimit],
  ['an empty file', Buffer.alloc(0)],
];

// Its header is intact, so only decoding the pixels (storeImage) finds the damage.
const truncatedPng = png.subarray(0, png.length - 200);

const isWebp = (file: Buffer) =>
  file.subarray(0, 4).toString('latin1') === 'RIFF' && file.subarray(8, 12).toString('latin1') === 'WEBP';

async function refusal(buffer: Buffer) {
  const error = await storeImage({ buffer, kind: 'photo', field: 'place_photo' }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('inspectImage', () => {
  it.each([
    ['jpeg', jpeg],
    ['png', png],
    ['webp', webp],
    ['gif', gif],
  ] as const)('recognises %s from its content', async (format, buffer) => {
    expect(await inspectImage(buffer)).toEqual({ format, width: 400, height: 300 });
  });

  it.skipIf(!avifSupported)('recognises avif', async () => {
    expect(await inspectImage(avif)).toEqual({ format: 'avif', width: 400, height: 300 });
  });

  it('reports the size as shown, after EXIF orientation', async () => {
    expect(await inspectImage(rotatedJpeg)).toEqual({ format: 'jpeg', width: 300, height: 400 });
  });

  it.each(badInputs)('returns null for %s', async (_name, buffer) => {
    expect(await inspectImage(buffer)).toBeNull();
  });
});

describe('storeImage', () => {
  it.each([
    ['png', png],
    ['jpeg', jpeg],
    ['webp', webp],
    ['gif', gif],
  ])('stores a %s as WebP without metadata', async (_format, buffer) => {
    const image = await storeImage({ buffer, kind: 'photo', field: 'photo' });
    expect(image).toMatchObject({ width: 400, height: 300, url: `/media/${image.key}` });
    expect(image.key).toMatch(/^photo\/[0-9a-f]{32}\.webp$/);
    const file = stored(image.key);
    expect(isWebp(file)).toBe(true);
    const metadata = await sharp(file).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 400, height: 300 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
  });

  it.skipIf(!avifSupported)('stores an avif as WebP', async () => {
    const image = await storeImage({ buffer: avif, kind: 'photo', field: 'photo' });
    expect(isWebp(stored(image.key))).toBe(true);
  });

  it.each([
    ['logo', 256, 256, [['-512', 512, 512]]],
    ['banner', 1600, 500, [['-800', 800, 250]]],
    ['avatar', 256, 256, []],
  ] as const)('makes a %s of %i×%i and its variants', async (kind, width, height, variants) => {
    const image = await storeImage({ buffer: png, kind, field: kind });
    expect(image).toMatchObject({ width, height });
    expect(image.key.startsWith(`${kind}/`)).toBe(true);
    for (const [suffix, w, h] of variants) {
      const file = stored(image.key.replace('.webp', `${suffix}.webp`));
      expect(await sharp(file).metadata()).toMatchObject({ format: 'webp', width: w, height: h });
    }
  });

  it('shrinks a large photo to 1600 px and keeps a 600 px thumbnail', async () => {
    const image = await storeImage({
      buffer: await canvas(2400, 1200).jpeg().toBuffer(),
      kind: 'photo',
      field: 'photo',
    });
    expect(image).toMatchObject({ width: 1600, height: 800 });
    const thumbnail = stored(image.key.replace('.webp', '-600.webp'));
    expect(await sharp(thumbnail).metadata()).toMatchObject({ width: 600, height: 300 });
  });

  it('keeps only the first frame of an animated GIF', async () => {
    expect((await sharp(animatedGif).metadata()).pages).toBe(2);
    const image = await storeImage({ buffer: animatedGif, kind: 'photo', field: 'photo' });
    expect(image).toMatchObject({ width: 40, height: 30 });
    expect((await sharp(stored(image.key)).metadata()).pages).toBeUndefined();
  });

  it('turns an EXIF-rotated JPEG upright and drops the orientation tag', async () => {
    const image = await storeImage({ buffer: rotatedJpeg, kind: 'photo', field: 'photo' });
    expect(image).toMatchObject({ width: 300, height: 400 });
    const metadata = await sharp(stored(image.key)).metadata();
    expect(metadata).toMatchObject({ width: 300, height: 400 });
    expect(metadata.orientation).toBeUndefined();
  });

  it('names an image by its content, so the same upload gives the same key', async () => {
    const first = await storeImage({ buffer: png, kind: 'logo', field: 'logo' });
    const second = await storeImage({ buffer: Buffer.from(png), kind: 'logo', field: 'logo' });
    const other = await storeImage({ buffer: jpeg, kind: 'logo', field: 'logo' });
    expect(second.key).toBe(first.key);
    expect(other.key).not.toBe(first.key);
  });

  it('accepts exactly 2 MB', async () => {
    // Bytes after a JPEG's end marker are ignored by decoders, so padding makes a valid file of any size.
    const padded = Buffer.concat([jpeg, Buffer.alloc(maxImageBytes - jpeg.length)]);
    expect(padded.length).toBe(maxImageBytes);
    await expect(storeImage({ buffer: padded, kind: 'photo', field: 'photo' })).resolves.toMatchObject({
      width: 400,
    });
  });

  it('refuses 2 MB + 1 byte as too large', async () => {
    const error = await refusal(Buffer.concat([jpeg, Buffer.alloc(maxImageBytes + 1 - jpeg.length)]));
    expect(error.code).toBe('validation');
    expect(error.fields).toEqual({
      place_photo: [{ key: 'validation.image_too_large', params: { max: 2 } }],
    });
  });

  it.each([...badInputs, ['a PNG cut inside its pixel data', truncatedPng] as [string, Buffer]])(
    'refuses %s as not an image, storing nothing',
    async (_name, buffer) => {
      const before = storedFiles();
      const error = await refusal(buffer);
      expect(error.code).toBe('validation');
      expect(error.fields).toEqual({ place_photo: [{ key: 'validation.image_type' }] });
      expect(storedFiles()).toBe(before);
    },
  );
});

describe('removeImage', () => {
  it('removes an image and its variants', async () => {
    const image = await storeImage({ buffer: gif, kind: 'banner', field: 'banner' });
    const variant = image.key.replace('.webp', '-800.webp');
    expect(fs.existsSync(path.join(uploads, variant))).toBe(true);
    await removeImage(image.url);
    expect(fs.existsSync(path.join(uploads, image.key))).toBe(false);
    expect(fs.existsSync(path.join(uploads, variant))).toBe(false);
  });

  it('leaves alone what storeImage did not make', async () => {
    await getStorage().put('seed/logo-1.webp', webp);
    for (const url of [
      '/media/seed/logo-1.webp',
      'https://example.com/media/logo/0123456789abcdef0123456789abcdef.webp',
      '/media/logo/../seed/logo-1.webp',
      '',
    ])
      await expect(removeImage(url)).resolves.toBeUndefined();
    expect(fs.existsSync(path.join(uploads, 'seed/logo-1.webp'))).toBe(true);
  });
});
