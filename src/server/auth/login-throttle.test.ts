import { describe, expect, it } from 'vitest';
import { freeFailuresPerHour, longestPauseSeconds, pauseAfterFailure } from './login-throttle';

describe('pauseAfterFailure', () => {
  it('is free up to the threshold, then grows from a second to the cap and stays there', () => {
    expect(pauseAfterFailure(1)).toBe(0);
    expect(pauseAfterFailure(freeFailuresPerHour)).toBe(0);
    expect(pauseAfterFailure(freeFailuresPerHour + 1)).toBe(1);
    expect(pauseAfterFailure(freeFailuresPerHour + 11)).toBe(2);
    expect(pauseAfterFailure(freeFailuresPerHour + 21)).toBe(4);
    const pauses = Array.from({ length: 500 }, (_, i) => pauseAfterFailure(i + 1));
    for (let i = 1; i < pauses.length; i++) expect(pauses[i]).toBeGreaterThanOrEqual(pauses[i - 1] ?? 0);
    expect(Math.max(...pauses)).toBe(longestPauseSeconds);
    expect(pauseAfterFailure(1_000_000)).toBe(longestPauseSeconds);
  });

  it('lets a guesser who strikes the moment each pause ends try about 130 passwords an hour', () => {
    // The failures' window is one hour from its first failure (rate-limit.ts), then it starts afresh.
    let clock = 0;
    let failures = 0;
    while (clock < 3600) {
      failures++;
      clock += Math.max(pauseAfterFailure(failures), 0.3);
    }
    expect(failures).toBeGreaterThan(100);
    expect(failures).toBeLessThanOrEqual(135);
  });
});
