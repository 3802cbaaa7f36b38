import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMessageDate, formatPrice, toPln } from './format';

describe('formatting', () => {
  it('shows dates in Warsaw time, DD.MM.YYYY', () => {
    // 23:30 UTC on 31 Dec is already 1 January in Warsaw.
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('01.01.2027');
    expect(formatDateTime('2026-07-04T18:05:00Z')).toBe('04.07.2026 20:05');
    expect(formatMessageDate('2026-03-09T08:00:00Z')).toBe('09/03/2026 09:00');
  });

  it('shows prices in złoty with a comma and two decimals', () => {
    expect(formatPrice(1250)).toBe('12,50\u00a0zł');
    expect(formatPrice(0)).toBe('0,00\u00a0zł');
    expect(formatPrice(2500000)).toBe('25\u00a0000,00\u00a0zł');
    expect(toPln(4999)).toBe(49.99);
  });
});
