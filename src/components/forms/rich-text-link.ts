/** The schemes a description's link may use: the sanitiser keeps the same ones (src/lib/sanitize-html.ts). */
export const linkSchemes = ['http:', 'https:', 'mailto:'] as const;

/**
 * The address a link gets from what an organiser typed, or null when it is not a web or e-mail address:
 * `example.com/x` becomes `https://example.com/x`, `anna@example.com` becomes `mailto:anna@example.com`;
 * any other scheme (javascript:, data:, tel:) is refused.
 */
export function linkHref(typed: string): string | null {
  const text = typed.trim();
  if (!text || /\s/.test(text)) return null;
  const hasScheme = /^[a-z][a-z\d+.-]*:/i.test(text);
  const candidate = hasScheme
    ? text
    : /^[^@/]+@[^@/]+\.[^@/]+$/.test(text)
      ? `mailto:${text}`
      : `https://${text.replace(/^\/+/, '')}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (!(linkSchemes as readonly string[]).includes(url.protocol)) return null;
  if (url.protocol === 'mailto:') return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(url.pathname) ? url.href : null;
  // A host without a dot ("https://koncert") is a typo, not an address visitors can open.
  return url.hostname.includes('.') ? url.href : null;
}
