import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { setupBrowser, watchErrors } from '../helpers/browser';

// The /en addresses, the pages' canonical and hreflang links, and how they agree with the sitemap, on
// the production build served by server.ts (the e2e global setup).

const browser = setupBrowser();
const base = () => inject('baseUrl');

interface Head {
  lang: string | undefined;
  canonical: string | undefined;
  alternates: Record<string, string>;
  robots: string | undefined;
  meta: Record<string, string>;
}

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]?.replaceAll('&amp;', '&');

/** The page's language, canonical, hreflang and robots links, read from its server-rendered HTML. */
async function headOf(
  path: string,
  init: RequestInit = {},
): Promise<Head & { status: number; setCookie: string | null }> {
  const res = await fetch(base() + path, { redirect: 'manual', ...init });
  const html = await res.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const links = [...head.matchAll(/<link\s[^>]*>/g)].map((m) => m[0]);
  const metas = [...head.matchAll(/<meta\s[^>]*>/g)].map((m) => m[0]);
  return {
    status: res.status,
    setCookie: res.headers.get('set-cookie'),
    lang: /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1],
    canonical: links.filter((l) => attr(l, 'rel') === 'canonical').map((l) => attr(l, 'href'))[0],
    alternates: Object.fromEntries(
      links
        .filter((l) => attr(l, 'rel') === 'alternate' && attr(l, 'hreflang'))
        .map((l) => [attr(l, 'hreflang') as string, attr(l, 'href') as string]),
    ),
    robots: metas.filter((m) => attr(m, 'name') === 'robots').map((m) => attr(m, 'content'))[0],
    meta: Object.fromEntries(
      metas.map((m) => [attr(m, 'property') ?? attr(m, 'name') ?? '', attr(m, 'content') ?? '']),
    ),
  };
}

/** The portal's public address (PUBLIC_URL), as robots.txt names it. */
async function publicOrigin(): Promise<string> {
  const robots = await (await fetch(`${base()}/robots.txt`)).text();
  const sitemap = /^Sitemap: (.+)\/sitemap\.xml$/m.exec(robots)?.[1];
  if (!sitemap) throw new Error('no Sitemap line in robots.txt');
  return sitemap;
}

/** Every `<url>` of a sitemap part: its address and its hreflang links. */
async function sitemapEntries(path: string): Promise<{ loc: string; alternates: Record<string, string> }[]> {
  const xml = await (await fetch(base() + path)).text();
  return [...xml.matchAll(/<url>(.*?)<\/url>/gs)].map(([, body = '']) => ({
    loc: (/<loc>([^<]+)<\/loc>/.exec(body)?.[1] ?? '').replaceAll('&amp;', '&'),
    alternates: Object.fromEntries(
      [...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [
        m[1] as string,
        (m[2] as string).replaceAll('&amp;', '&'),
      ]),
    ),
  }));
}

describe('English under /en', () => {
  it('serves /en pages in English and unprefixed ones in Polish to a visitor without cookies', async () => {
    for (const [pl, en] of [
      ['/how-it-works', '/en/how-it-works'],
      ['/event/1', '/en/event/1'],
      ['/places/1', '/en/places/1'],
      ['/list?search=a', '/en/list?search=a'],
      ['/', '/en'],
      ['/', '/en/'],
    ] as const) {
      const polish = await headOf(pl);
      const english = await headOf(en);
      expect([polish.status, english.status], pl).toEqual([200, 200]);
      expect([polish.lang, english.lang], pl).toEqual(['pl', 'en']);
      // The language is in the address: the page's answer sets no language cookie (it stays shareable).
      expect(english.setCookie ?? '').not.toMatch(/\blocale=/);
      // And the polish page again, after the English one: no shared copy mixes them up.
      expect((await headOf(pl)).lang, `${pl} after ${en}`).toBe('pl');
    }
  });

  it('does not let a client pick the language with the internal header', async () => {
    expect((await headOf('/how-it-works', { headers: { 'x-portal-locale': 'en' } })).lang).toBe('pl');
    expect((await headOf('/english')).status).toBe(404);
  });

  it('keeps English on client-side navigation from an /en page, the cookie set by the browser', async () => {
    const context = await browser.context();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/en/how-it-works');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'locale')?.value)
      .toBe('en');
    // A link of the page (unprefixed) opens through Next's router, without a full load.
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).click();
    await page.waitForURL('**/about-us');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).not.toBe('How it works');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Log in' }).count()).toBe(1);
    // Back to the /en page, refreshed by the router (an /en/…?_rsc= request).
    await page.goBack();
    await page.waitForURL('**/en/how-it-works');
    await page.getByRole('banner').getByRole('link', { name: 'Places', exact: true }).first().click();
    await page.waitForURL('**/list**');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches language to the same page’s address in the other language, and remembers it', async () => {
    const context = await browser.context();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/event/1?x=1');
    const polishTitle = await page.title();
    await page.getByRole('button', { name: 'en', exact: true }).click();
    await page.waitForURL('**/en/event/1?x=1');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.title()).not.toBe(polishTitle);
    expect((await context.cookies()).find((c) => c.name === 'locale')?.value).toBe('en');
    await page.getByRole('button', { name: 'pl', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/event/1');
    expect(await page.getAttribute('html', 'lang')).toBe('pl');
    expect((await context.cookies()).find((c) => c.name === 'locale')?.value).toBe('pl');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('canonical and hreflang links', () => {
  it('point each public page at itself and its twin, and the twin back', async () => {
    const origin = await publicOrigin();
    for (const path of [
      '/',
      '/list',
      '/list?category_id=1&search=jazz',
      '/event/1',
      '/places/1',
      '/how-it-works',
      '/about-us',
      '/privacy',
      '/rule',
      '/contact',
      '/premium',
    ]) {
      const canonicalPath = path.startsWith('/list?') ? '/list?category_id=1' : path;
      const enPath = canonicalPath === '/' ? '/en' : `/en${canonicalPath}`;
      const expected = {
        pl: origin + canonicalPath,
        en: origin + enPath,
        'x-default': origin + canonicalPath,
      };
      const polish = await headOf(path);
      const english = await headOf(path === '/' ? '/en' : `/en${path}`);
      expect(polish.canonical, path).toBe(expected.pl);
      expect(english.canonical, path).toBe(expected.en);
      expect(polish.alternates, path).toEqual(expected);
      expect(english.alternates, path).toEqual(expected);
      expect([polish.robots, english.robots], path).toEqual([undefined, undefined]);
    }
  });

  it('keep private pages out of the index, in both languages', async () => {
    for (const path of ['/login', '/register', '/forget-password', '/en/login', '/password/reset']) {
      const head = await headOf(path);
      expect(head.robots, path).toMatch(/noindex/);
      expect(head.canonical, path).toBeUndefined();
      expect(head.alternates, path).toEqual({});
    }
  });

  it('agree with the sitemap: each listed address is a page naming the same alternates', async () => {
    const origin = await publicOrigin();
    const entries = [
      ...(await sitemapEntries('/sitemaps/pages-1.xml')),
      ...(await sitemapEntries('/sitemaps/events-1.xml')).slice(0, 6),
      ...(await sitemapEntries('/sitemaps/places-1.xml')).slice(0, 6),
    ];
    expect(entries.length).toBeGreaterThan(20);
    for (const entry of entries) {
      const head = await headOf(entry.loc.slice(origin.length));
      expect(head.status, entry.loc).toBe(200);
      expect(head.canonical, entry.loc).toBe(entry.loc);
      expect(head.alternates, entry.loc).toEqual(entry.alternates);
    }
  });
});

describe('share previews', () => {
  it('name a 1200×630 image with its size and alt on event and place pages, in both languages', async () => {
    for (const path of ['/event/1', '/en/event/2', '/places/1', '/en/places/2']) {
      const { meta } = await headOf(path);
      expect(meta['twitter:card'], path).toBe('summary_large_image');
      expect([meta['og:image:width'], meta['og:image:height']], path).toEqual(['1200', '630']);
      expect(meta['og:image:alt'], path).toBe(meta['og:title']);
      const origin = await publicOrigin();
      const image = meta['og:image'] ?? '';
      expect(image.startsWith(`${origin}/api/og/`), path).toBe(true);
      const res = await fetch(base() + image.slice(origin.length));
      expect(res.headers.get('content-type'), path).toBe(meta['og:image:type']);
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=31536000, immutable');
      const size = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([size.width, size.height], path).toEqual([1200, 630]);
    }
  });
});
