import { describe, expect, it } from 'vitest';
import { ByteLru } from './byte-lru';

describe('ByteLru', () => {
  it('evicts the least recently used entries until the new one fits the budget', () => {
    const lru = new ByteLru<string>(100);
    lru.set('a', 'A', 40);
    lru.set('b', 'B', 40);
    expect(lru.get('a')).toBe('A');
    lru.set('c', 'C', 40);
    // 'b' was the oldest use: 'a' was read after it.
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('A');
    expect(lru.get('c')).toBe('C');
    expect(lru.bytes).toBe(80);
    lru.set('d', 'D', 90);
    expect([lru.size, lru.bytes, lru.get('d')]).toEqual([1, 90, 'D']);
  });

  it('counts a replaced entry once, forgets deleted ones and never keeps one larger than the budget', () => {
    const lru = new ByteLru<number>(50);
    lru.set('a', 1, 30);
    lru.set('a', 2, 20);
    expect([lru.size, lru.bytes, lru.get('a')]).toEqual([1, 20, 2]);
    lru.set('a', 3, 51);
    expect([lru.size, lru.bytes, lru.get('a')]).toEqual([0, 0, undefined]);
    lru.set('b', 1, 10);
    lru.delete('b');
    lru.delete('b');
    expect(lru.bytes).toBe(0);
    lru.set('c', 1, 10);
    lru.clear();
    expect([lru.size, lru.bytes]).toEqual([0, 0]);
  });

  it('stays within its budget whatever is put in', () => {
    const lru = new ByteLru<null>(10_000);
    for (let n = 0; n < 5_000; n++) {
      lru.set(`k${n % 700}`, null, (n * 7919) % 3_000);
      expect(lru.bytes).toBeLessThanOrEqual(10_000);
    }
  });
});
