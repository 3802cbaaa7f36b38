/**
 * "Back where you were": the path a sign-in returns to. Only a same-origin path is kept: it starts with
 * one "/" and no second "/" or "\" (browsers read "//host" and "/\host" as another site); anything
 * else, control characters included, falls back to the home page.
 */
export function safeNextPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return '/';
  if (!value.startsWith('/') || value[1] === '/' || value[1] === '\\') return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return '/';
  return value;
}

/** The sign-in page that brings the visitor back to `path` afterwards. */
export function loginPath(path: string): string {
  const next = safeNextPath(path);
  return next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`;
}
