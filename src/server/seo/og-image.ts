import 'server-only';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { translate } from '@/i18n/translate';
import type { Locale } from '@/lib/locale';
import { createQueue } from '@/server/concurrency';
import { getStorage } from '@/server/media/storage';
import { hit } from '@/server/rate-limit';
import { type OgFormat, type OgSource, ogHeight, ogWidth } from './og-source';

// Drawing decodes pictures and rasterises text: a few at a time, as uploads are (media/images.ts).
const drawing = createQueue({ concurrency: 2 });

async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The preview as an image file of `format`, 1200×630. */
export function renderOgImage(source: OgSource, locale: Locale, format: OgFormat): Promise<Buffer> {
  return drawing.run(async () => {
    const picture = source.image?.startsWith('/media/')
      ? await getStorage().get(source.image.slice('/media/'.length))
      : null;
    const input = picture ? await streamToBuffer(picture.body) : Buffer.from(cardSvg(source, locale));
    const image = sharp(input, { limitInputPixels: 40_000_000 }).resize(ogWidth, ogHeight, {
      fit: 'cover',
      position: 'attention',
    });
    return format === 'png'
      ? image.png({ compressionLevel: 9, palette: !picture }).toBuffer()
      : image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  });
}

const xml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** Words broken into at most `maxLines` lines of at most `width` characters; what does not fit ends in "…". */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const length = (s: string) => [...s].length;
  const cut = (s: string) => (length(s) > width ? `${[...s].slice(0, width - 1).join('')}…` : s);
  const lines: string[] = [];
  let line = '';
  for (const word of text.replace(/\s+/g, ' ').trim().split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && length(next) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  const kept = lines.slice(0, maxLines).map(cut);
  if (lines.length > maxLines) {
    const last = kept[maxLines - 1] ?? '';
    kept[maxLines - 1] = `${length(last) >= width ? [...last].slice(0, width - 1).join('') : last}…`.replace(
      /……$/,
      '…',
    );
  }
  return kept;
}

function cardDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'pl-PL', {
    timeZone: 'Europe/Warsaw',
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** The card of a record without a picture: brand colours, its name, date and where, in DejaVu Sans. */
export function cardSvg(source: OgSource, locale: Locale): string {
  const brand = translate(locale, 'meta.brand');
  const title = wrapText(source.title, 26, 3);
  const details = [
    source.date ? cardDate(source.date, locale) : null,
    source.where.filter(Boolean).join(' · '),
  ]
    .filter((d): d is string => !!d)
    .flatMap((d) => wrapText(d, 48, 1));
  const titleTop = 280 - (title.length - 1) * 38;
  const text = (x: number, y: number, size: number, weight: string, fill: string, value: string) =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="${size}" font-weight="${weight}" fill="${fill}">${xml(value)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ogWidth}" height="${ogHeight}" viewBox="0 0 ${ogWidth} ${ogHeight}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d4ed8"/><stop offset="1" stop-color="#1e40af"/></linearGradient></defs>
<rect width="${ogWidth}" height="${ogHeight}" fill="url(#g)"/>
<rect x="0" y="${ogHeight - 16}" width="${ogWidth}" height="16" fill="#2563eb"/>
${text(80, 92, 34, 'bold', '#d9eaff', brand)}
${title.map((line, i) => text(80, titleTop + i * 76, 64, 'bold', '#ffffff', line)).join('\n')}
${details.map((line, i) => text(80, 470 + i * 50, 36, 'normal', '#eef6ff', line)).join('\n')}
</svg>`;
}

// Drawn previews are kept (a share makes every network fetch the same one) and new drawings are counted
// per address: one anonymous client cannot keep the CPU busy drawing.
const drawn = new Map<string, Promise<Buffer>>();
const maxDrawn = 200;

/** The preview `draw` makes, kept under `key`; a new drawing counts against the address. */
export async function keptOgImage(
  key: string,
  address: string,
  draw: () => Promise<Buffer>,
): Promise<Buffer> {
  const kept = drawn.get(key);
  if (kept) return kept;
  await hit('ogRendersByIp', address);
  const image = draw();
  drawn.set(key, image);
  if (drawn.size > maxDrawn) drawn.delete(drawn.keys().next().value as string);
  image.catch(() => drawn.delete(key));
  return image;
}
