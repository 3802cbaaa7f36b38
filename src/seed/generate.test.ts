import { describe, expect, it } from 'vitest';
import { cities } from '@/server/geo/city-list';
import { generateEvent, generateHours, generatePlace } from './generate';
import { createRandom } from './random';

describe('demo data generator', () => {
  it('is deterministic for a seed', () => {
    const a = createRandom(7);
    const b = createRandom(7);
    const from = new Date('2026-11-21T00:00:00Z');
    const pa = generatePlace(a, 0, 0);
    const pb = generatePlace(b, 0, 0);
    expect(pa).toEqual(pb);
    expect(generateEvent(a, pa, from, 90)).toEqual(generateEvent(b, pb, from, 90));
  });

  it('knows at least 15 real Polish cities with coordinates inside Poland', () => {
    expect(cities.length).toBeGreaterThanOrEqual(15);
    for (const c of cities) {
      expect(c.lat).toBeGreaterThan(49);
      expect(c.lat).toBeLessThan(55);
      expect(c.lng).toBeGreaterThan(14);
      expect(c.lng).toBeLessThan(24.2);
    }
  });

  it('makes events within the window with ordered prices and dates', () => {
    const rnd = createRandom(1);
    const from = new Date('2026-11-21T00:00:00Z');
    for (let i = 0; i < 500; i++) {
      const e = generateEvent(rnd, generatePlace(rnd, i, 0), from, 90);
      expect(e.startDate.getTime()).toBeGreaterThanOrEqual(from.getTime() - 3_600_000);
      expect(e.startDate.getTime()).toBeLessThan(from.getTime() + 91 * 86_400_000);
      expect(e.endDate.getTime()).toBeGreaterThan(e.startDate.getTime());
      expect(e.priceMax).toBeGreaterThanOrEqual(e.priceMin);
    }
  });

  it('makes opening hours for 7 days where closed and whole-day exclude each other', () => {
    const rnd = createRandom(3);
    for (let i = 0; i < 50; i++) {
      const hours = generateHours(rnd);
      expect(hours.map((h) => h.weekDay)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      for (const h of hours) {
        expect(h.closed && h.wholeDay).toBe(false);
        if (h.closed || h.wholeDay) expect(h.from).toBeNull();
        else expect(h.from).toMatch(/^\d{2}:\d{2}$/);
      }
    }
  });
});
