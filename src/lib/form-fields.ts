// `a[]` appends to a list, `a[3]` sets a key of an object, `a` sets a value (a repeated one becomes a
// list): the Laravel/PHP form conventions of the spec's forms (place_hours_from[1], languages[], ...).
// The API's multipart and urlencoded readers and the pages' client-side check all use this, so a form
// is read the same way in the browser and on the server.

/** Names that reach an object's prototype when used as keys: refused wherever they appear in a field name. */
const unsafeSegments = new Set(['__proto__', 'constructor', 'prototype']);

/** A field name with a segment that could reach a prototype (`__proto__[x]`, `a[constructor]`, ...). */
export class UnsafeFieldNameError extends Error {
  constructor(readonly field: string) {
    super('unsafe form field name');
    this.name = 'UnsafeFieldNameError';
  }
}

/** The segments of a field name: `a[b][]` is `a`, `b`, ``. */
function segmentsOf(name: string): string[] {
  const open = name.indexOf('[');
  const base = open < 0 ? name : name.slice(0, open);
  const rest = open < 0 ? '' : name.slice(open);
  return [base, ...Array.from(rest.matchAll(/\[([^\]]*)\]/g), (m) => m[1] ?? '')];
}

export function isSafeFieldName(name: string): boolean {
  return !segmentsOf(name).some((segment) => unsafeSegments.has(segment.trim()));
}

/** The object a form is read into: no prototype, so no key written to it can reach Object.prototype. */
export function emptyFormObject(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>;
}

const isFormObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function assignField(target: Record<string, unknown>, name: string, value: unknown): void {
  if (!isSafeFieldName(name)) throw new UnsafeFieldNameError(name);
  const m = name.match(/^([^[\]]+)\[([^[\]]*)\]$/);
  if (!m) {
    const existing = Object.hasOwn(target, name) ? target[name] : undefined;
    target[name] =
      existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    return;
  }
  const [, base = '', key = ''] = m;
  const current = Object.hasOwn(target, base) ? target[base] : undefined;
  if (key === '') {
    const list = Array.isArray(current) ? (current as unknown[]) : [];
    list.push(value);
    target[base] = list;
  } else {
    const obj = isFormObject(current) ? current : emptyFormObject();
    obj[key] = value;
    target[base] = obj;
  }
}

/** Reads name/value pairs (a urlencoded body, a FormData) into a prototype-free object. */
export function formObjectOf(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  const target = emptyFormObject();
  for (const [name, value] of entries) assignField(target, name, value);
  return target;
}
