import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { localePath, splitLocalePath } from '@/lib/locale-path';
import { applyLocalePrefix, localeHeader } from './locale-prefix';
import { publicPagePath } from './seo-metadata';

const request = (url: string, headers: http.IncomingHttpHeaders = {}) =>
  ({ url, headers: { ...headers } }) as http.IncomingMessage;

describe('applyLocalePrefix', () => {
  it.each([
    ['/en', '/'],
    ['/en/', '/'],
    ['/en?_rsc=abc', '/?_rsc=abc'],
    ['/en/event/12', '/event/12'],
    ['/en/list?search=a&category_id=2', '/list?search=a&category_id=2'],
    ['/en/places/3?_rsc=x', '/places/3?_rsc=x'],
  ])('serves %s as %s in English', (url, path) => {
    const req = request(url);
    applyLocalePrefix(req);
    expect([req.url, req.headers[localeHeader]]).toEqual([path, 'en']);
  });

  it.each(['/', '/english', '/events', '/list?lang=en', '/event/12', '/pl/event/1', '/EN/event/1'])(
    'leaves %s alone and drops a header the client sent',
    (url) => {
      const req = request(url, { [localeHeader]: 'en' });
      applyLocalePrefix(req);
      expect(req.url).toBe(url);
      expect(req.headers[localeHeader]).toBeUndefined();
    },
  );
});

describe('locale paths', () => {
  it('round-trips every page address through both languages', () => {
    for (const path of ['/', '/?x=1', '/list?category_id=2', '/event/1', '/about-us#team']) {
      expect(localePath(path, 'pl')).toBe(path);
      expect(splitLocalePath(localePath(path, 'en'))).toEqual({ locale: 'en', path });
    }
    expect(localePath('/', 'en')).toBe('/en');
    expect(localePath('/?x=1', 'en')).toBe('/en?x=1');
  });
});

describe('publicPagePath', () => {
  it.each([
    ['/', '/'],
    ['/list?search=jazz', '/list'],
    ['/list?category_id=4&search=jazz', '/list?category_id=4'],
    ['/list?category_id=x', '/list'],
    ['/event/12?utm=1', '/event/12'],
    ['/places/3/', '/places/3'],
    ['/rule', '/rule'],
  ])('%s is the public page %s', (url, path) => {
    expect(publicPagePath(url)).toBe(path);
  });

  it.each([
    '/profile',
    '/account/places',
    '/messages/3',
    '/admin',
    '/login',
    '/cart/finish',
    '/event/0x1',
    '/event/abc',
  ])('%s is not public', (url) => {
    expect(publicPagePath(url)).toBeNull();
  });
});
