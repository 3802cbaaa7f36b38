import { describe, expect, it } from 'vitest';
import en from '@/i18n/messages/en.json';
import pl from '@/i18n/messages/pl.json';
import { operations } from './operations';

const textAt = (messages: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

describe('the operations table', () => {
  it('words every refusal with a message both languages have, so no 403 shows a raw key', () => {
    const refusals = Object.entries(operations).filter(([, op]) => op.refusal);
    expect(refusals.length).toBeGreaterThan(0);
    for (const [key, op] of refusals) {
      for (const messages of [pl, en])
        expect(typeof textAt(messages, op.refusal ?? ''), `${key}: ${op.refusal}`).toBe('string');
    }
  });

  it('lets admins in only beside a company role', () => {
    for (const [key, op] of Object.entries(operations)) if (op.admins) expect(op.access, key).toBe('company');
  });
});
