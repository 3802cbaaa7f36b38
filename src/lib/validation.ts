import type { z } from 'zod';

export interface FieldMessage {
  key: string;
  params?: Record<string, string | number>;
}

// Schemas name their own messages as keys ("validation.password_min"); every other issue is
// described from its code, so the same text appears under a field in the page and in a 422.
export function describeIssue(issue: z.core.$ZodIssue): FieldMessage {
  if (issue.message.startsWith('validation.')) return { key: issue.message };
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '')
        return { key: 'validation.required' };
      return issue.expected === 'number' || issue.expected === 'int'
        ? { key: 'validation.number' }
        : { key: 'validation.invalid' };
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? { key: 'validation.required' }
          : { key: 'validation.min_length', params: { min: Number(issue.minimum) } };
      if (issue.origin === 'array' || issue.origin === 'set')
        return { key: 'validation.min_items', params: { min: Number(issue.minimum) } };
      return { key: 'validation.min_value', params: { min: Number(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string')
        return { key: 'validation.max_length', params: { max: Number(issue.maximum) } };
      if (issue.origin === 'array' || issue.origin === 'set')
        return { key: 'validation.max_items', params: { max: Number(issue.maximum) } };
      return { key: 'validation.max_value', params: { max: Number(issue.maximum) } };
    case 'invalid_format':
      if (issue.format === 'email') return { key: 'validation.email' };
      if (issue.format === 'url') return { key: 'validation.url' };
      if (issue.format === 'date' || issue.format === 'datetime') return { key: 'validation.date' };
      return { key: 'validation.invalid' };
    case 'invalid_value':
      return { key: 'validation.invalid_option' };
    case 'unrecognized_keys':
      return { key: 'validation.unknown_field' };
    default:
      return { key: 'validation.invalid' };
  }
}

/** Groups a failed parse by field path ("email", "place_hours_from.3"). */
export function fieldMessages(error: z.ZodError): Record<string, FieldMessage[]> {
  // Paths come from the client's field names: the map has no prototype for them to reach.
  const out = Object.create(null) as Record<string, FieldMessage[]>;
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    const list = out[field] ?? [];
    const message = describeIssue(issue);
    // Two checks failing alike (a format and a range) would say the same thing twice.
    if (!list.some((m) => JSON.stringify(m) === JSON.stringify(message))) list.push(message);
    out[field] = list;
  }
  return out;
}
