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
const server = http.createServer((req, res) =>
  servePage(req, res, () => {
    renders++;
    res.statusCode = 200;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (setCookie) res.setHeader('set-cookie', 'token=x');
    res.write(`<p>render ${renders} of ${req.url}`);
    res.end('</p>');
  }),
);

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
  it('renders the home page once for anonymous visitors of one language, until the data changes', async () => {
    searchDataChanged();
    const first = await get('/');
    expect(await get('/')).toBe(first);
    expect(await get('/', { cookie: 'locale=en' })).not.toBe(first);
    expect(await get('/list?search=jazz')).not.toBe(first);
    searchDataChanged();
    expect(await get('/')).not.toBe(first);
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
    setCookie = false;
    expect(renders - before).toBe(8);
  });
});
