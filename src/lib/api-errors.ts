/** Spec §8: field errors flattened into a list of messages; else the message; else nothing. */
export function flattenApiError(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const { errors, message } = body as { errors?: unknown; message?: unknown };
  if (errors && typeof errors === 'object') {
    const list = Object.values(errors as Record<string, unknown>).flatMap((v) =>
      Array.isArray(v)
        ? v.filter((m): m is string => typeof m === 'string')
        : typeof v === 'string'
          ? [v]
          : [],
    );
    if (list.length) return list;
  }
  return typeof message === 'string' && message ? [message] : [];
}
