import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCategories } from '@/server/categories/list-categories';
import { searchDataChanged } from '@/server/search/search-cache';
import { pageCacheBudgetBytes, pageCacheCounts, servePage } from '@/web/page-cache';
import { setupTestDb } from '../helpers/db';

setupTestDb();

let renders = 0;
let setCookie = false;
/** Bytes of filler each render adds to its page, to fill the cache quickly. */
let padding = 0;
let base = '';
const hits: string[] = [];
/** The address each render was given. */
const rendered: string[] = [];
const server = http.createServer((req, res) => {
  // As server.ts does: the /en prefix becomes a header, and the visitor cookie is set before rendering.
  if (req.url?.startsWith('/en/')) {
    req.url = req.url.slice(3);
    req.headers['x-portal-locale'] = 'en';
  }
  if (req.url?.startsWith('/event/') && !req.headers.cookie?.includes('visitor=')) {
    res.setHeader('set-cookie', [`visitor=v${renders}`]);
  }
  servePage(
    req,
    res,
    () => {
      renders++;
      rendered.push(req.url ?? '');
      res.statusCode = 200;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      if (setCookie) res.setHeader('set-cookie', 'token=x');
      res.write(`<p>render ${renders} of ${req.url}`);
      res.end(`${'.'.repeat(padding)}</p>`);
    },
    (hit) => hits.push(hit.url ?? ''),
  );
});

beforeAll(async () => {
  // The first search starts listening for changes; until then nothing may be kept.
  await listCategories({ locale: 'pl' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = async (path: string, headers: Record<string, string> = {}) =>
  (await fetch(base + path, { headers })).text();

describe('the anonymous page cache', () => {
  it('keeps the home page from its second request for anonymous visitors of one language, until the data changes', async () => {
    searchDataChanged();
    await get('/');
    const first = await get('/');
    expect(await get('/')).toBe(first);
    expect(await get('/', { cookie: 'locale=en' })).not.toBe(first);
    expect(await get('/list?search=jazz')).not.toBe(first);
    searchDataChanged();
    // Asked for before the change: kept at once.
    const after = await get('/');
    expect(after).not.toBe(first);
    expect(await get('/')).toBe(after);
  });

  it('keeps event, place, list and text pages, and never an address asked for only once', async () => {
    searchDataChanged();
    for (const path of [
      '/event/12',
      '/places/3',
      '/list?category_id=2',
      '/list?localization=Gda%C5%84sk',
      '/rule',
    ]) {
      await get(path);
      const kept = await get(path);
      expect(await get(path), path).toBe(kept);
    }
    const before = renders;
    for (let n = 0; n < 5; n++) await get(`/list?search=x${n}`);
    expect(renders - before).toBe(5);
    // Not kept: a first request is only remembered.
    await get('/list?search=x0');
    expect(renders - before).toBe(6);
    await get('/event/12/edit');
    await get('/event/12/edit');
    await get('/event/0x1');
    await get('/event/0x1');
    expect(renders - before).toBe(10);
  });

  it('sends a new visitor its own cookie with a kept page and lets the caller count the visit', async () => {
    searchDataChanged();
    await get('/event/7');
    await get('/event/7');
    hits.length = 0;
    const response = await fetch(`${base}/event/7`);
    expect(response.headers.get('set-cookie')).toMatch(/^visitor=v\d+$/);
    const again = await fetch(`${base}/event/7`, { headers: { cookie: 'visitor=abc' } });
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await again.text()).toBe(await response.text());
    expect(hits).toEqual(['/event/7', '/event/7']);
  });

  it('keeps the English page of an /en address apart from the cookie-chosen one', async () => {
    searchDataChanged();
    const before = renders;
    for (let n = 0; n < 2; n++) {
      await get('/en/event/9');
      await get('/event/9', { cookie: 'locale=en' });
      await get('/event/9');
    }
    expect(renders - before).toBe(6);
    await get('/en/event/9');
    await get('/en/event/9', { cookie: 'locale=pl' });
    await get('/event/9', { cookie: 'locale=en' });
    expect(renders - before).toBe(6);
  });

  it('never shares a signed-in page, a client navigation, another path or a page that sets a cookie', async () => {
    searchDataChanged();
    const before = renders;
    await get('/', { cookie: 'locale=pl; token=abc' });
    await get('/', { cookie: 'locale=pl; token=abc' });
    await get('/', { rsc: '1' });
    await get('/', { rsc: '1' });
    await get('/profile');
    await get('/profile');
    expect(renders - before).toBe(6);
    setCookie = true;
    await get('/list');
    await get('/list');
    await get('/list');
    setCookie = false;
    expect(renders - before).toBe(9);
  });

  it('renders a page from only the query parameters it reads, so others never make a new entry', async () => {
    searchDataChanged();
    rendered.length = 0;
    const before = renders;
    // Issue 26: every address with a random query was a new entry of up to 16 KB.
    const random = () => `/about-us?${Math.random().toString(36).repeat(40)}=${Math.random()}`;
    const first = await get(random());
    for (let n = 0; n < 500; n++) expect(await get(random())).toBe(await get('/about-us'));
    expect(renders - before).toBe(2);
    expect(first).toContain('render');
    // The search bar's filters are read on every page, /list's own on /list only; trimmed, in one order.
    await get('/about-us?utm_source=x&category_id=3&search=%20jazz%20&page=2');
    await get('/list?place_page=2&utm_source=x&search=jazz&search=rock&order_by=popular&lat=54.3');
    await get('/list/?search=&localization=Gda%C5%84sk');
    expect(rendered).toEqual([
      '/about-us',
      '/about-us',
      '/about-us?search=jazz&category_id=3',
      '/list?search=jazz&lat=54.3&order_by=popular&place_page=2',
      '/list/?localization=Gda%C5%84sk',
    ]);
  });

  it('keeps distinct answers for pages whose query differs in what they read', async () => {
    searchDataChanged();
    const answers = new Map<string, string>();
    for (const path of [
      '/list?search=jazz',
      '/list?search=rock',
      '/list?search=jazz&page=2',
      '/rule?search=jazz',
    ]) {
      await get(path);
      await get(path);
      const before = renders;
      answers.set(path, await get(path));
      expect(renders, `${path} from the cache`).toBe(before);
    }
    expect(new Set(answers.values()).size).toBe(4);
    for (const [path, html] of answers) expect(html).toContain(`of ${path}</p>`);
    // The same reading, however the address spells it: the kept copy.
    expect(await get('/list?utm_campaign=a&search=%20jazz')).toBe(answers.get('/list?search=jazz'));
  });

  it('shares the page of a language cookie it does not know, or cannot decode, with the default language', async () => {
    searchDataChanged();
    await get('/contact');
    await get('/contact', { cookie: 'locale=pl' });
    await get('/contact', { cookie: 'locale=en' });
    await get('/contact', { cookie: 'locale=e%6E' });
    const before = renders;
    await get('/contact', { cookie: 'locale=xx' });
    await get('/contact', { cookie: 'locale=en=1' });
    await get('/contact', { cookie: 'locale=%E0' });
    await get('/contact', { cookie: 'locale=en' });
    expect(renders).toBe(before);
  });

  it('holds no more than its byte budget, dropping the least recently used pages first', async () => {
    searchDataChanged();
    padding = 900 * 1024;
    try {
      const fill = pageCacheBudgetBytes / padding + 10;
      for (let n = 0; n < fill; n++) {
        await get(`/list?search=big${n}`);
        await get(`/list?search=big${n}`);
        // Read again and again: the most recently used, never the one dropped.
        await get('/list?search=big0');
        expect(pageCacheCounts().bytes).toBeLessThanOrEqual(pageCacheBudgetBytes);
      }
      expect(pageCacheCounts().bytes).toBeGreaterThan(pageCacheBudgetBytes / 2);
      const before = renders;
      await get('/list?search=big0');
      expect(renders - before).toBe(0);
      await get('/list?search=big1');
      expect(renders - before).toBe(1);
    } finally {
      padding = 0;
    }
  });
});
