import { describe, expect, it } from 'vitest';
import { loginPath, safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it('keeps a same-origin path with its query and hash', () => {
    expect(safeNextPath('/event/12')).toBe('/event/12');
    expect(safeNextPath('/list?city=Krak%C3%B3w#places')).toBe('/list?city=Krak%C3%B3w#places');
  });

  it.each([
    '//evil.com',
    '//evil.com/event/1',
    '/\\evil.com',
    '/\\/evil.com',
    'https://evil.com',
    'http://evil.com/',
    'javascript:alert(1)',
    ' /event/1',
    'event/1',
    '',
    '/\t/evil.com',
    '/event/1\r\nSet-Cookie: x=1',
  ])('refuses %j', (value) => {
    expect(safeNextPath(value)).toBe('/');
  });

  it('refuses what is not a string', () => {
    expect(safeNextPath(undefined)).toBe('/');
    expect(safeNextPath(['/event/1'])).toBe('/');
    expect(safeNextPath(null)).toBe('/');
  });
});

describe('loginPath', () => {
  it('carries the path in `next`, encoded', () => {
    expect(loginPath('/event/12?x=1&y=2')).toBe('/login?next=%2Fevent%2F12%3Fx%3D1%26y%3D2');
  });

  it('is the plain login page for the home page or an unsafe path', () => {
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('//evil.com')).toBe('/login');
  });
});
