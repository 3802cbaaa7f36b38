import { describe, expect, it } from 'vitest';
import type { ThreadMessage } from '@/lib/schemas/messages';
import { mergeMessages } from './merge-messages';

const message = (id: number, minute: number): ThreadMessage => ({
  id,
  message: `text ${id}`,
  created_at: new Date(Date.UTC(2027, 0, 1, 12, minute)).toISOString(),
  author: 'Anna Kowalska',
  pivot: { sender: id % 2 === 0 },
});

describe('mergeMessages', () => {
  it('adds the new ones in the order they were written, each once', () => {
    const current = [message(1, 0), message(3, 2)];
    // A poll that began before a send answers without it, then with it and the other side's.
    const merged = mergeMessages(current, [message(1, 0), message(2, 1), message(3, 2), message(4, 3)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });

  it('orders messages of the same instant by id', () => {
    expect(mergeMessages([message(5, 0)], [message(4, 0)]).map((m) => m.id)).toEqual([4, 5]);
  });

  it('keeps the same array when nothing is new, so the thread does not render again', () => {
    const current = [message(1, 0)];
    expect(mergeMessages(current, [message(1, 0)])).toBe(current);
  });
});
