import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendFormPostBack } from './page-post';

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (sendFormPostBack(req, res)) return;
    res.end(`page ${req.method}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a page form sent before hydration', () => {
  it('sends a POST back to the page with a GET, credentials nowhere in the address', async () => {
    const res = await fetch(`${base}/en/login?next=%2Fcalendar`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'anna@example.com', password: 'tajnehaslo1' }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/en/login?next=%2Fcalendar');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves GETs and server actions to the pages', async () => {
    expect(await (await fetch(`${base}/login`)).text()).toBe('page GET');
    const action = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'Next-Action': 'x' },
      body: '',
    });
    expect(await action.text()).toBe('page POST');
  });
});
