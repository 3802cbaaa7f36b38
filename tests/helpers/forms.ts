import sharp from 'sharp';

/** A multipart body for `inject()`, built with the platform's FormData and Blob. */
export async function multipart(
  fields: Record<string, string | string[]>,
  files: Record<string, Buffer | Buffer[]> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  for (const [name, value] of Object.entries(files)) {
    for (const [i, buffer] of (Array.isArray(value) ? value : [value]).entries()) {
      form.append(name, new Blob([new Uint8Array(buffer)], { type: 'image/png' }), `file${i}.png`);
    }
  }
  const request = new Request('http://local/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

export function png(width = 64, height = 64, color = '#3366ff'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A real PNG just over 2 MB: random noise does not compress. */
export async function oversizePng(): Promise<Buffer> {
  const side = 900;
  const noise = Buffer.alloc(side * side * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}
