import { describe, expect, it } from 'vitest';
import { linkHref } from './rich-text-link';

describe('linkHref', () => {
  it('takes web and e-mail addresses, with or without their scheme', () => {
    expect(linkHref('https://example.com/bilety?x=1')).toBe('https://example.com/bilety?x=1');
    expect(linkHref('http://example.com')).toBe('http://example.com/');
    expect(linkHref(' example.com/koncert ')).toBe('https://example.com/koncert');
    expect(linkHref('mailto:anna@example.com')).toBe('mailto:anna@example.com');
    expect(linkHref('anna@example.com')).toBe('mailto:anna@example.com');
  });

  it('refuses other schemes and what is not an address', () => {
    for (const typed of [
      '',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      'tel:+48123456789',
      'ftp://example.com',
      'koncert',
      'https://koncert',
      'dwa słowa',
      'mailto:nikt',
    ]) {
      expect(linkHref(typed), typed).toBeNull();
    }
  });
});
