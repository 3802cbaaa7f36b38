import { describe, expect, it } from 'vitest';
import { pageItems } from './pagination';

const show = (current: number, last: number) =>
  pageItems(current, last)
    .map((i) => ('gap' in i ? '…' : `${i.page}${i.near ? (i.phoneGap ? '~' : '*') : ''}`))
    .join(' ');

describe('pageItems', () => {
  it('shows the ends, the current page and its neighbours with gaps between', () => {
    expect(show(1, 1)).toBe('1');
    expect(show(1, 10)).toBe('1 2* … 10');
    expect(show(5, 10)).toBe('1 … 4* 5 6* … 10');
    expect(show(3, 3)).toBe('1 2~ 3');
    expect(show(2, 3)).toBe('1 2 3');
    expect(show(10, 10)).toBe('1 … 9* 10');
  });
});
