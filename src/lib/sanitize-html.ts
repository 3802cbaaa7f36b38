import sanitize from 'sanitize-html';
import type { Translations } from '@/db/schema/content-language';

// Every link gets this rel, whatever it came with: no weight for search engines (organisers' links are
// not the portal's word), nothing passed on to the page it opens. It opens in the same tab, as before:
// an allowed-attributes list without `target` (or `rel`) used to drop what the transform added.
const linkRel = 'noopener noreferrer nofollow';

const safeLinks: sanitize.IOptions = {
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: { a: sanitize.simpleTransform('a', { rel: linkRel }) },
};

/**
 * What the description editor writes (src/components/forms/rich-text-schema.ts), and nothing else:
 * paragraphs, line breaks, bold, italic, lists, links to web and e-mail addresses and one heading level
 * (h3: the page's section title above a description is an h2). Anything else keeps its text, if it
 * has one; scripts, styles, handlers and frames go altogether.
 */
export function sanitizeDescription(html: string): string {
  return sanitize(html, {
    ...safeLinks,
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'h3', 'a'],
  }).trim();
}

/** The text pages an administrator writes in HTML: a little more than a description (h2 to h4, quotes). */
export function sanitizeTextPage(html: string): string {
  return sanitize(html, {
    ...safeLinks,
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      'ul',
      'ol',
      'li',
      'h2',
      'h3',
      'h4',
      'blockquote',
      'a',
    ],
    allowedAttributes: { a: ['href', 'title', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowProtocolRelative: true,
  }).trim();
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/**
 * Plain text of a description with its line breaks (a <br>, the end of a paragraph, item or heading), for
 * an .ics DESCRIPTION (issue 29); spaces within a line are folded, and at most one empty line is kept.
 */
export function descriptionLines(html: string, max = 2000): string {
  const marked = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|h[2-4]|blockquote|ul|ol)>/gi, '\n');
  const text = sanitize(marked, { allowedTags: [], allowedAttributes: {} })
    .split('\n')
    .map((line) => line.replace(/[^\S\n]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => entities[name] ?? '')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** Plain text of a description, for meta descriptions and previews. */
export function descriptionText(html: string, max = 160): string {
  const text = sanitize(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** Issue 31: every language's description goes through the same sanitiser as the own one. */
export function sanitizedTranslations(translations: Translations): Translations {
  const out: Translations = {};
  for (const [lang, fields] of Object.entries(translations)) {
    if (!fields) continue;
    out[lang] = fields.description
      ? { ...fields, description: sanitizeDescription(fields.description) }
      : fields;
  }
  return out;
}
