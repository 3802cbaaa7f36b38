import { describe, expect, it } from 'vitest';
import { cachedSearch, searchDataChanged } from '@/server/search/search-cache';
import { setupTestDb } from '../helpers/db';

// The search cache keeps answers until their data changes; answers that say their size (feeds) are kept
// within a byte budget, so many different large answers cannot fill the memory.

setupTestDb();

describe('cachedSearch', () => {
  it('keeps an answer until the data changes', async () => {
    let loads = 0;
    const load = async () => ++loads;
    expect(await cachedSearch('test:kept', load)).toBe(1);
    expect(await cachedSearch('test:kept', load)).toBe(1);
    searchDataChanged();
    expect(await cachedSearch('test:kept', load)).toBe(2);
  });

  it('keeps weighed answers within 32 MB, dropping the least recently used', async () => {
    searchDataChanged();
    const mb = 1024 * 1024;
    const loads = new Map<string, number>();
    const big = (key: string) =>
      cachedSearch(
        key,
        async () => {
          loads.set(key, (loads.get(key) ?? 0) + 1);
          return 'x'.repeat(mb);
        },
        (body) => body.length,
      );
    for (let i = 0; i < 40; i++) await big(`test:feed-${i}`);
    // The newest 32 are kept, the first 8 were dropped to make room.
    for (let i = 39; i >= 8; i--) await big(`test:feed-${i}`);
    expect([...loads.values()].every((n) => n === 1)).toBe(true);
    await big('test:feed-0');
    expect(loads.get('test:feed-0')).toBe(2);
  });
});
