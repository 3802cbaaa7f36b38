import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCategories } from '@/server/categories/list-categories';
import { searchDataChanged } from '@/server/search/search-cache';
import { servePage } from '@/web/page-cache';
import { setupTestDb } from '../helpers/db';

setupTestDb();

let renders = 0;
let setCookie = false;
let base = '';
const hits: string[] = [];
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
      res.statusCode = 200;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      if (setCookie) res.setHeader('set-cookie', 'token=x');
      res.write(`<p>render ${renders} of ${req.url}`);
      res.end('</p>');
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
    for (let n = 0; n < 5; n++) await get(`/?x=${n}`);
    expect(renders - before).toBe(5);
    // Not kept: a first request is only remembered.
    await get('/?x=0');
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
});
