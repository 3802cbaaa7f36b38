// `a[]` appends to a list, `a[3]` sets a key of an object, `a` sets a value (a repeated one becomes a
// list): the Laravel/PHP form conventions of the spec's forms (place_hours_from[1], languages[], ...).
// The API's multipart reader and the pages' client-side check both use this, so a form is read the
// same way in the browser and on the server.
export function assignField(target: Record<string, unknown>, name: string, value: unknown): void {
  const m = name.match(/^([^[\]]+)\[([^[\]]*)\]$/);
  if (!m) {
    const existing = target[name];
    target[name] =
      existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    return;
  }
  const [, base = '', key = ''] = m;
  if (key === '') {
    const list = Array.isArray(target[base]) ? (target[base] as unknown[]) : [];
    list.push(value);
    target[base] = list;
  } else {
    const obj =
      target[base] && typeof target[base] === 'object' && !Array.isArray(target[base])
        ? (target[base] as Record<string, unknown>)
        : {};
    obj[key] = value;
    target[base] = obj;
  }
}
