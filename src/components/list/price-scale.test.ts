import { describe, expect, it } from 'vitest';
import { positionToPrice, priceToPosition } from './price-scale';

describe('logarithmic price slider', () => {
  it('maps the ends of the slider to the ends of the price range', () => {
    expect(positionToPrice(1)).toBe(1);
    expect(positionToPrice(100)).toBe(99999);
    expect(priceToPosition(1)).toBe(1);
    expect(priceToPosition(99999)).toBe(100);
  });

  it('is logarithmic: the middle of the slider is about the geometric middle of the range', () => {
    expect(positionToPrice(50)).toBeGreaterThan(200);
    expect(positionToPrice(50)).toBeLessThan(400);
    expect(positionToPrice(34)).toBeLessThan(100);
  });

  it('never goes down, round-trips where whole złote tell positions apart, and clamps', () => {
    for (let p = 2; p <= 100; p++) expect(positionToPrice(p)).toBeGreaterThanOrEqual(positionToPrice(p - 1));
    for (let p = 30; p <= 100; p++) expect(priceToPosition(positionToPrice(p))).toBe(p);
    expect(priceToPosition(0)).toBe(1);
    expect(priceToPosition(1_000_000)).toBe(100);
    expect(positionToPrice(-5)).toBe(1);
  });
});
