import { describe, expect, it } from 'vitest';
import { eventDateRange, eventPriceRange } from './event-format';

describe('eventDateRange', () => {
  it('collapses the end to its time on the same Warsaw day', () => {
    // 18:00 and 20:30 in Warsaw (UTC+1 in December)
    expect(eventDateRange('2026-12-24T17:00:00.000Z', '2026-12-24T19:30:00.000Z')).toEqual({
      start: '24.12.2026 18:00',
      end: '20:30',
      sameDay: true,
    });
  });

  it('shows both dates across days, judged in Warsaw time rather than UTC', () => {
    // 23:30 on the 24th to 00:30 on the 25th in Warsaw, though both are the 24th in UTC
    expect(eventDateRange('2026-12-24T22:30:00.000Z', '2026-12-24T23:30:00.000Z')).toEqual({
      start: '24.12.2026 23:30',
      end: '25.12.2026 00:30',
      sameDay: false,
    });
  });

  it('shows one date when the event starts and ends at the same minute', () => {
    expect(eventDateRange('2026-06-01T10:00:00.000Z', '2026-06-01T10:00:00.000Z').end).toBeNull();
  });
});

describe('eventPriceRange', () => {
  it('says free when both prices are 0', () => {
    expect(eventPriceRange(0, 0, 'Wstęp wolny')).toBe('Wstęp wolny');
  });

  it('shows one price when both are equal and a range otherwise', () => {
    expect(eventPriceRange(49.99, 49.99, 'free')).toBe('49,99\u00a0zł');
    expect(eventPriceRange(0, 1250.5, 'free')).toBe('0,00\u00a0zł – 1\u00a0250,50\u00a0zł');
  });
});
