import { describe, expect, it } from 'vitest';
import { pickLocale } from './locale';

describe('pickLocale', () => {
  it.each([
    ['en', 'en'],
    ['pl', 'pl'],
    ['en-GB,en;q=0.9', 'en'],
    ['de-DE,de;q=0.9,en;q=0.8,pl;q=0.7', 'en'],
    ['de;q=1, pl;q=0.9, en;q=0.95', 'en'],
    ['PL-pl', 'pl'],
  ])('reads %s as %s', (header, expected) => {
    expect(pickLocale(header)).toBe(expected);
  });

  it.each([[undefined], [''], ['de'], ['en;q=0']])('finds nothing supported in %s', (header) => {
    expect(pickLocale(header)).toBeUndefined();
  });
});
