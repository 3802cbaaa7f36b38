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

/** Plain text of a description, for meta descriptions and previews. */
export function descriptionText(html: string, max = 160): string {
  const text = sanitize(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
