import { z } from 'zod';
import { textMax } from '@/lib/form-limits';
import { minPasswordLength } from '@/lib/spec-limits';

// Field rules shared by the forms of several schemas (spec §5). Multipart bodies carry strings only,
// so numbers and flags are coerced here, once.

// PostgreSQL text cannot hold a NUL character: refused here, it is a 422 instead of a database error.
const noNul = (v: string) => !v.includes('\u0000');

/** Trimmed text of at most `max` characters. */
export const trimmed = (max: number) => z.string().trim().max(max).refine(noNul, 'validation.invalid');

// Numbers written as text must look like numbers to a person: digits, an optional sign and decimal
// point. `Number()` alone also reads " 12", "0x0e", "1e3", "" and true, and `[[12]]` as 12.
const wholePattern = /^\d{1,15}$/;
const decimalPattern = /^-?\d{1,15}(\.\d{1,15})?$/;

/** A digits-only string as a number; anything else is left as it is for the number schema to refuse. */
const wholeFrom = (v: unknown) => (typeof v === 'string' && wholePattern.test(v) ? Number(v) : v);
const decimalFrom = (v: unknown) => (typeof v === 'string' && decimalPattern.test(v) ? Number(v) : v);

/**
 * A row id. The id columns are 4-byte integers, so a larger number is a 422 rather than a database error.
 */
export const idNumber = () => z.number().int().min(1).max(2_147_483_647);
/** A row id given as a JSON number or in digits only ("12"; not "12.0", " 12", "0x0e", "1e3", true, [12]). */
export const idField = z.preprocess(wholeFrom, idNumber());
export const idParams = z.object({ id: idField });
/** A token from a mailed link (confirmation, newsletter, password reset). */
export const linkToken = z.string().min(10).max(200);
export const linkTokenParams = z.object({ token: linkToken });

/** A whole number from JSON or in digits only, like an id. */
export const wholeNumber = <T extends z.ZodType>(schema: T) => z.preprocess(wholeFrom, schema);
/** A number from JSON or written as a plain decimal ("52.2297", "-1"). */
export const decimalNumber = <T extends z.ZodType>(schema: T) => z.preprocess(decimalFrom, schema);

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A required id of a form (a select): blank is "required", otherwise as `idField`. */
export const formId = z.preprocess((v) => wholeFrom(blankToUndefined(v)), idNumber());
/** An optional id of a form or a query: blank is absent, otherwise as `idField`. */
export const optionalId = z.preprocess((v) => wholeFrom(blankToUndefined(v)), idNumber().optional());

/** An optional whole number of a query string: blank is absent, otherwise digits only. */
export const queryWhole = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => wholeFrom(blankToUndefined(v)), schema.optional());

/** An optional decimal of a query string ("52.2297", "-1"): blank is absent; no exponent, hex or spaces. */
export const queryDecimal = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => decimalFrom(blankToUndefined(v)), schema.optional());

export const requiredText = (max = 200) => trimmed(max).min(1);
/** Empty, blank or JSON null is "not given": a client that sends back an answer's null is not refused. */
export const optionalText = (max = 200) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    trimmed(max).optional(),
  );

export const emailField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.email().max(textMax.email),
);

export const optionalEmail = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toLowerCase()) : v),
  z.email().max(textMax.email).optional(),
);

/**
 * The password rules a form can check (spec §9 "password min 8"), shared by the browser and the API; the
 * server adds one more before hashing: not a common password (server/auth/password-rules.ts).
 */
export const passwordField = z.string().min(minPasswordLength).max(200);

/** The repeated password must match (an absent pair matches: an edit form leaves both blank). */
export function checkPasswordPair(
  input: { password?: string; password_confirmation?: string },
  ctx: z.RefinementCtx,
): void {
  if ((input.password ?? '') !== (input.password_confirmation ?? '')) {
    ctx.addIssue({
      code: 'custom',
      path: ['password_confirmation'],
      message: 'validation.password_mismatch',
    });
  }
}

/** Spec §5: web addresses without http/https get http:// prefixed. */
export function withScheme(value: string): string {
  const v = value.trim();
  return /^https?:\/\//i.test(v) ? v : `http://${v}`;
}

export const optionalUrl = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : withScheme(v)) : v),
  z
    .url({ protocol: /^https?$/ })
    .max(textMax.url)
    // The URL parser drops a trailing NUL when it checks, but the text would be stored with it.
    .refine(noNul, 'validation.url')
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

/**
 * Issue 30: a place's or an event's attributes (ids of the catalogue, at most 30). A form sends the key
 * (an empty hidden field and the ticked boxes), so absence means "leave them as they are", for the API
 * clients and forms that do not show them; the server checks that each exists and applies.
 */
export const attributeIdsField = z.preprocess(
  (v) => (v === undefined ? undefined : asArray(v).filter((x) => x !== '')),
  z.array(idField).max(30, 'validation.max_items').optional(),
);

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

/**
 * A number typed into a form: empty is "required", anything else not a number is "enter a number".
 * Typed by a person, so spaces around it and a decimal comma are forgiven.
 */
export const formNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return blankToUndefined(v);
    const typed = v.trim().replace(',', '.');
    if (typed === '') return undefined;
    return decimalPattern.test(typed) ? Number(typed) : v;
  }, schema);

/** An optional number of a form (coordinates from the map picker). */
export const optionalNumber = formNumber(z.number().finite().optional());

/**
 * Form-wide checks (passwords match, hours, dates) run even when a field failed, so that every problem is
 * shown at once; but never on a body that is not an object (a multipart or empty body reaches a JSON route
 * as null), where they would throw.
 */
export const alsoOnFieldErrors = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
};
