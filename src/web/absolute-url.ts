import { getConfig } from '@/config';

/** An uploaded file's path ("/media/...") as the absolute address crawlers and share previews need. */
export function absoluteUrl(url: string): string {
  if (/^https?:\/\//.test(url)) return url;
  return `${getConfig().publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}
