import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/config';
import { listCategories } from '@/server/categories/list-categories';
import { searchDataChanged } from '@/server/search/search-cache';
import { servePage } from '@/web/page-cache';
import { newNonce, nonceOf, pageSecurityHeaders, referrerPolicy, securePage } from '@/web/security-headers';
import { setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { type PortalServer, seededFolder, startPortal } from '../helpers/portal-server';

// Issue 10, point 7: no security header was sent. Pages need a CSP whose script nonce is new on
// every answer, including the home page and /list that the page cache keeps for 30 s; API answers
// must not be sniffed or framed.

setupTestDb();
const api = setupApi();

/** The directives of a CSP header value, by name. */
function directives(csp: unknown): Map<string, string[]> {
  expect(typeof csp).toBe('string');
  return new Map(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

/** Every nonce attribute of the HTML; all must be the header's. */
function nonceAttributes(html: string): Set<string> {
  return new Set([...html.matchAll(/\snonce="([^"]*)"/g)].map((m) => m[1] ?? ''));
}

function expectStrictPage(headers: Headers) {
  const csp = directives(headers.get('content-security-policy'));
  const nonce = nonceOf(headers.get('content-security-policy'));
  expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
  expect(csp.get('script-src')).toEqual([`'nonce-${nonce}'`, "'strict-dynamic'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  const permissions = headers.get('permissions-policy') ?? '';
  expect(permissions).toContain('geolocation=(self)');
  for (const feature of ['camera', 'microphone', 'payment']) expect(permissions).toContain(`${feature}=()`);
  // PUBLIC_URL is http here: no HSTS, which would lock the browser out of plain http.
  expect(headers.get('strict-transport-security')).toBeNull();
  return nonce as string;
}

describe('API answers', () => {
  it('are neither sniffed nor framed, errors included, and the media route keeps its own sandbox', async () => {
    for (const url of ['/api/category', '/api/user', '/api/nothing-here', '/oauth/token']) {
      const res = await api().inject({ method: url === '/oauth/token' ? 'POST' : 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('default-src'), url).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
    }
    // A refusal before routing (a declared body over every limit) has them too.
    const early = await api().inject({
      method: 'POST',
      url: '/api/event',
      headers: { 'content-length': String(1024 ** 3), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '',
    });
    expect(early.statusCode).toBe(413);
    expect(early.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the pages’ policy', () => {
  it('sends HSTS when PUBLIC_URL is https, and allows eval only in development', () => {
    const https = loadConfig({
      PUBLIC_URL: 'https://portal.example',
      MAP_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png',
    });
    const headers = pageSecurityHeaders({ config: https, nonce: 'n' });
    expect(headers['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(headers['Content-Security-Policy']).get('img-src')).toContain(
      'https://*.tiles.example',
    );
    expect(headers['Content-Security-Policy']).not.toContain('unsafe-eval');
    const dev = pageSecurityHeaders({ config: https, nonce: 'n', dev: true });
    expect(directives(dev['Content-Security-Policy']).get('script-src')).toContain("'unsafe-eval'");
  });
});

// Issue 26, point 13: the reset page sent `strict-origin-when-cross-origin`, so its token went out in the
// Referer of every request it made on the portal. Every page with a secret in its address sends none.
const secretAddresses = [
  '/forget-password?token=s3cr3t-reset&email=a%40example.com',
  '/password/reset?token=s3cr3t-reset&email=a%40example.com',
  '/unsubscribe?token=s3cr3t-unsubscribe',
  '/confirm/s3cr3t-confirm',
  '/user/verify/s3cr3t-confirm',
  '/newsletter/confirm/s3cr3t-newsletter',
  '/login/google?code=s3cr3t-code&state=s',
  '/cart/test/s3cr3t-order',
  '/cart/finish?order=s3cr3t-order',
];

describe('the referrer policy', () => {
  it('is no-referrer for every page with a secret in its address, and the origin only elsewhere', () => {
    for (const path of secretAddresses) expect(referrerPolicy(path), path).toBe('no-referrer');
    for (const path of ['/', '/list?search=token', '/event/1', '/login?next=/profile', '/forget-passwords']) {
      expect(referrerPolicy(path), path).toBe('strict-origin-when-cross-origin');
    }
    const config = loadConfig({});
    expect(pageSecurityHeaders({ config, nonce: 'n', path: secretAddresses[0] })['Referrer-Policy']).toBe(
      'no-referrer',
    );
  });
});

describe('the page cache', () => {
  // A stand-in for Next.js: it renders with the nonce of the request's CSP, as Next.js does, and
  // gzips when asked, as its compression does.
  let renders = 0;
  const config = loadConfig({});
  const server = http.createServer((req, res) => {
    securePage(req, res, { config, nonce: newNonce() });
    servePage(req, res, () => {
      renders++;
      const nonce = nonceOf(req.headers['content-security-policy']);
      const html = Buffer.from(
        `<html><head><script nonce="${nonce}" src="/a.js"></script></head><body>${'ż'.repeat(5000)}` +
          `<script nonce="${nonce}">self.x=1</script></body></html>`,
      );
      res.statusCode = 200;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      if (/gzip/.test(String(req.headers['accept-encoding']))) {
        res.setHeader('content-encoding', 'gzip');
        res.end(zlib.gzipSync(html));
      } else {
        res.end(html);
      }
    });
  });
  let base = '';
  beforeAll(async () => {
    await listCategories({ locale: 'pl' });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The raw answer, decoded here so that a broken gzip stream fails the test. */
  function get(path: string, encoding: string) {
    return new Promise<{ headers: http.IncomingHttpHeaders; html: string }>((resolve, reject) => {
      http
        .get(`${base}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const body = Buffer.concat(chunks);
            expect(Number(res.headers['content-length'] ?? body.length)).toBe(body.length);
            const html = res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(body) : body;
            resolve({ headers: res.headers, html: html.toString('utf8') });
          });
        })
        .on('error', reject);
    });
  }

  it.each(['gzip', 'identity'])('gives every cached answer a fresh nonce (%s)', async (encoding) => {
    searchDataChanged();
    // An address is kept from its second request (src/web/page-cache.ts): the first is only remembered.
    await get('/', encoding);
    const before = renders;
    const answers = [await get('/', encoding), await get('/', encoding), await get('/', encoding)];
    expect(renders - before).toBe(1);
    const nonces = answers.map(({ headers, html }) => {
      const nonce = nonceOf(headers['content-security-policy']);
      expect(nonceAttributes(html)).toEqual(new Set([nonce]));
      return nonce;
    });
    expect(new Set(nonces).size).toBe(3);
    // Apart from the nonce, the cached copies are the page as rendered.
    const same = answers.map(({ html }, i) => html.replaceAll(nonces[i] as string, 'N'));
    expect(new Set(same).size).toBe(1);
  });
});

describe('the real server', () => {
  const metricsToken = 'headers-test-metrics-token';
  let portal: PortalServer;
  beforeAll(async () => {
    portal = await startPortal({ from: seededFolder(), env: { METRICS_TOKEN: metricsToken } });
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('sends a strict CSP with a per-request nonce that every script of the page carries', async () => {
    const res = await fetch(`${portal.baseUrl}/login`, {
      // A client's own policy never chooses the nonce.
      headers: { 'content-security-policy': "script-src 'nonce-chosenbytheattacker'" },
    });
    expect(res.status).toBe(200);
    const nonce = expectStrictPage(res.headers);
    expect(nonce).not.toBe('chosenbytheattacker');
    const html = await res.text();
    expect(html).toContain('<script');
    expect(nonceAttributes(html)).toEqual(new Set([nonce]));
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it('never serves a cached home page or list with an old nonce', async () => {
    for (const path of ['/', '/list']) {
      const seen = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${portal.baseUrl}${path}`);
        const nonce = expectStrictPage(res.headers);
        expect(nonceAttributes(await res.text())).toEqual(new Set([nonce]));
        seen.add(nonce);
      }
      expect(seen.size, path).toBe(3);
    }
  });

  it('sends no-referrer on pages with a secret in their address, in both languages and on every request', async () => {
    const hits = async () => {
      const res = await fetch(`${portal.baseUrl}/api/metrics`, {
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      const line = (await res.text())
        .split('\n')
        .find((l) => l.startsWith('portal_cache_requests_total{cache="page",result="hit"}'));
      return Number(line?.split(' ')[1] ?? 0);
    };
    const before = await hits();
    for (const path of [...secretAddresses, ...secretAddresses.map((p) => `/en${p}`)]) {
      // The second request is the one a shared page would be answered from the cache with.
      for (const attempt of ['first', 'second']) {
        const res = await fetch(`${portal.baseUrl}${path}`, { redirect: 'manual' });
        await res.arrayBuffer();
        expect(res.headers.get('referrer-policy'), `${path} (${attempt}, ${res.status})`).toBe('no-referrer');
      }
    }
    // Never a shared copy: such a page is the visitor's own.
    expect(await hits()).toBe(before);
    const reset = await fetch(`${portal.baseUrl}${secretAddresses[0]}`);
    expect(reset.status).toBe(200);
    expect(await reset.text()).toContain('<form');
  });

  it('sends nosniff and frame-ancestors on API answers', async () => {
    const res = await fetch(`${portal.baseUrl}/api/health`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(directives(res.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
  });
});
