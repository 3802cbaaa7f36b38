import sharp from 'sharp';
import type { MediaStorage } from '@/server/media/storage';
import { createRandom } from './random';

// Demo pictures are drawn here (gradients and shapes, no text, so no fonts are needed) and
// stored as WebP through the same storage as uploads: nothing is downloaded.

function svg(width: number, height: number, seed: number, base?: string): string {
  const rnd = createRandom(seed);
  const hue = base ? undefined : rnd.int(0, 359);
  const c1 = base ?? `hsl(${hue} 70% 45%)`;
  const c2 = base ? '#111827' : `hsl(${((hue ?? 0) + rnd.int(40, 120)) % 360} 75% 60%)`;
  const shapes = Array.from({ length: 7 }, () => {
    const x = rnd.int(0, width);
    const y = rnd.int(0, height);
    const r = rnd.int(Math.round(height / 10), Math.round(height / 2.5));
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity="${(rnd.int(6, 22) / 100).toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
}

async function render(width: number, height: number, seed: number, base?: string): Promise<Buffer> {
  return sharp(Buffer.from(svg(width, height, seed, base)))
    .webp({ quality: 72 })
    .toBuffer();
}

export interface ImagePool {
  logos: string[];
  banners: string[];
  photos: string[];
  categories: Record<string, string>;
}

export async function generateImagePool(
  storage: MediaStorage,
  categoryColors: { slug: string; color: string }[],
  sizes = { logos: 16, banners: 16, photos: 24 },
): Promise<ImagePool> {
  const make = async (prefix: string, count: number, w: number, h: number, offset: number) => {
    const keys: string[] = [];
    for (let i = 0; i < count; i++) {
      const key = `seed/${prefix}-${i + 1}.webp`;
      await storage.put(key, await render(w, h, offset + i));
      keys.push(key);
    }
    return keys;
  };
  const categories: Record<string, string> = {};
  for (const [i, c] of categoryColors.entries()) {
    const key = `seed/category-${c.slug}.webp`;
    await storage.put(key, await render(480, 320, 900 + i, c.color));
    categories[c.slug] = key;
  }
  return {
    logos: await make('logo', sizes.logos, 256, 256, 100),
    banners: await make('banner', sizes.banners, 1600, 500, 300),
    photos: await make('photo', sizes.photos, 1200, 800, 500),
    categories,
  };
}
