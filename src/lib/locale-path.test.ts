import { describe, expect, it } from 'vitest';
import { localeHref, localePath, splitLocalePath } from './locale-path';

describe('localeHref', () => {
  it.each([
    ['/list', '/en/list'],
    ['/', '/en'],
    ['/?search=jazz', '/en?search=jazz'],
    ['/login?next=%2Fcalendar', '/en/login?next=%2Fcalendar'],
    ['/event/7#map', '/en/event/7#map'],
  ])('puts an English page %s under /en', (href, expected) => {
    expect(localeHref(href, 'en')).toBe(expected);
    expect(localeHref(href, 'pl')).toBe(href);
  });

  it.each([
    ['/en/list'],
    ['/en'],
    ['/api/event/7/ics'],
    ['/media/a.png'],
    ['/sitemap.xml'],
    ['//example.com/list'],
    ['https://example.com/list'],
    ['#top'],
    ['mailto:a@example.com'],
  ])('leaves %s as it is', (href) => {
    expect(localeHref(href, 'en')).toBe(href);
  });

  it('is undone by splitLocalePath', () => {
    expect(splitLocalePath(localePath('/list?x=1', 'en'))).toEqual({ locale: 'en', path: '/list?x=1' });
    expect(splitLocalePath('/enterprise')).toEqual({ locale: null, path: '/enterprise' });
  });
});
