import sanitize from 'sanitize-html';

// Descriptions are written by organisers in a rich-text field; only simple formatting survives, links
// get rel=noopener and open safely, and nothing executable (scripts, handlers, styles, iframes) remains.
export function sanitizeDescription(html: string): string {
  return sanitize(html, {
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
    allowedAttributes: { a: ['href', 'title'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: {
      a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
    },
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
