import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { flattenApiError } from './api-errors';
import { fieldMessages } from './validation';

describe('fieldMessages', () => {
  const schema = z.object({
    email: z.email(),
    password: z.string().min(8),
    name: z.string().min(1),
    price: z.number().min(1).max(99999),
    own: z.string().refine(() => false, { message: 'validation.password_min' }),
  });

  it('names each failing field with a message key and its parameters', () => {
    const result = schema.safeParse(
      { email: 'nope', password: 'short', name: '', price: 100000, own: 'x' },
      { reportInput: true },
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldMessages(result.error)).toEqual({
      email: [{ key: 'validation.email' }],
      password: [{ key: 'validation.min_length', params: { min: 8 } }],
      name: [{ key: 'validation.required' }],
      price: [{ key: 'validation.max_value', params: { max: 99999 } }],
      own: [{ key: 'validation.password_min' }],
    });
  });

  it('calls a missing field required', () => {
    const result = schema.safeParse({}, { reportInput: true });
    if (result.success) throw new Error('should fail');
    expect(fieldMessages(result.error).email).toEqual([{ key: 'validation.required' }]);
  });
});

describe('flattenApiError (spec §8)', () => {
  it('flattens field errors into one list', () => {
    expect(flattenApiError({ message: 'x', errors: { a: ['one', 'two'], b: ['three'] } })).toEqual([
      'one',
      'two',
      'three',
    ]);
  });
  it('falls back to the message, then to nothing', () => {
    expect(flattenApiError({ message: 'Custom' })).toEqual(['Custom']);
    expect(flattenApiError('<html>')).toEqual([]);
    expect(flattenApiError(null)).toEqual([]);
  });
});
