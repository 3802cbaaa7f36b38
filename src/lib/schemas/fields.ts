import { z } from 'zod';

// Field rules shared by the forms of several schemas (spec §5). Multipart bodies carry strings only,
// so numbers and flags are coerced here, once.

// PostgreSQL text cannot hold a NUL character: refused here, it is a 422 instead of a database error.
const noNul = (v: string) => !v.includes('\u0000');

/** Trimmed text of at most `max` characters. */
export const trimmed = (max: number) => z.string().trim().max(max).refine(noNul, 'validation.invalid');

/**
 * A row id. The id columns are 4-byte integers, so a larger number is a 422 rather than a database error.
 */
export const idNumber = () => z.number().int().positive().max(2_147_483_647);
export const idField = z.coerce.number().pipe(idNumber());
export const idParams = z.object({ id: idField });

export const requiredText = (max = 200) => trimmed(max).min(1);
export const optionalText = (max = 200) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), trimmed(max).optional());

export const emailField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.email().max(254),
);

export const optionalEmail = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toLowerCase()) : v),
  z.email().max(254).optional(),
);

export const passwordField = z.string().min(8).max(200);

/** Spec §5: web addresses without http/https get http:// prefixed. */
export function withScheme(value: string): string {
  const v = value.trim();
  return /^https?:\/\//i.test(v) ? v : `http://${v}`;
}

export const optionalUrl = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : withScheme(v)) : v),
  z
    .url({ protocol: /^https?$/ })
    .max(500)
    .optional(),
);

/** Spec §5: YouTube entries are reduced to the video id when a URL is entered. */
export function youtubeId(value: string): string {
  const v = value.trim();
  const patterns = [
    /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/|v\/))([A-Za-z0-9_-]{11})/,
    /youtu\.be\/([A-Za-z0-9_-]{11})/,
  ];
  for (const p of patterns) {
    const m = v.match(p);
    if (m?.[1]) return m[1];
  }
  return v;
}

export const youtubeField = z.preprocess(
  (v) => (typeof v === 'string' ? youtubeId(v) : v),
  z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'validation.youtube'),
);

/** Form values arrive as strings, arrays or `a[0]`-style objects; all become arrays. */
export function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'object') return Object.values(value as Record<string, unknown>);
  return [value];
}

export const idList = (message?: string) =>
  z
    .preprocess((v) => asArray(v).filter((x) => x !== ''), z.array(idField).max(50))
    .pipe(message ? z.array(z.number()).min(1, message) : z.array(z.number()));

export const textList = (maxItems: number, maxLength = 200) =>
  z.preprocess(
    (v) => asArray(v).filter((x) => typeof x === 'string' && x.trim() !== ''),
    z.array(requiredText(maxLength)).max(maxItems),
  );

/** "1", "true", "on" are true; "0", "false", "" and absence are false. */
export const flag = z.preprocess(
  (v) => v === true || v === 1 || (typeof v === 'string' && ['1', 'true', 'on'].includes(v.toLowerCase())),
  z.boolean(),
);

export const optionalNumber = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number().finite().optional(),
);

/** A number typed into a form: empty is "required", anything else not a number is "enter a number". */
export const formNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (v === '' || v === null || v === undefined) return undefined;
    return typeof v === 'string' ? Number(v.trim().replace(',', '.')) : v;
  }, schema);
