import { describe, expect, it } from 'vitest';
import { routesToApi } from './routing';

describe('routesToApi', () => {
  it.each([
    '/api/category',
    '/api',
    '/oauth/token',
    '/media/seed/a.webp',
    '/api?x=1',
    '/sitemap.xml',
    '/sitemaps/events-1.xml',
    '/robots.txt',
    '/favicon.ico',
    '/.well-known/oauth-authorization-server',
  ])('sends %s to Fastify', (url) => {
    expect(routesToApi(url)).toBe(true);
  });
  it.each([
    '/',
    '/list',
    '/apis',
    '/mediafile',
    '/places/1',
    '/_next/static/x.js',
    '/sitemap.xmlx',
    '/en/list',
    '/.well-known/security.txt',
  ])('sends %s to Next.js', (url) => {
    expect(routesToApi(url)).toBe(false);
  });
});
