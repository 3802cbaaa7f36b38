import type { IncomingMessage } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, buildApi } from '@/api/app';
import { clientIp } from '@/api/forms';
import { getConfig, loadConfig, type TrustProxy } from '@/config';
import { clientAddress, compileTrust } from '@/web/client-address';

// Issue 10, point 6: with TRUST_PROXY on, the left-most X-Forwarded-For (which the client writes
// itself) was taken as its address, so every login limit could be dodged by changing it. The API
// (request.ip, read by clientIp) and the pages (server.ts's x-portal-client-ip) must read the
// header from the right, with the same rule.

const proxy = '10.0.0.2';
const client = '203.0.113.7';

/** An API whose config says `trust`, with one extra route that answers the address the limits see. */
async function apiTrusting(trust: string): Promise<Api> {
  const saved = getConfig().trustProxy;
  getConfig().trustProxy = loadConfig({ TRUST_PROXY: trust }).trustProxy;
  try {
    const app = await buildApi({ logger: false });
    app.get('/api/test/address', { schema: { hide: true } }, async (request) => ({ ip: clientIp(request) }));
    await app.ready();
    return app;
  } finally {
    getConfig().trustProxy = saved;
  }
}

async function apiAddress(app: Api, peer: string, forwardedFor?: string): Promise<string> {
  const res = await app.inject({
    url: '/api/test/address',
    remoteAddress: peer,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  return res.json().ip;
}

function pageAddress(trust: TrustProxy, peer: string, forwardedFor?: string): string {
  const req = {
    socket: { remoteAddress: peer },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  } as unknown as IncomingMessage;
  return clientAddress(req, compileTrust(trust));
}

const apis: Record<string, Api> = {};
beforeAll(async () => {
  for (const trust of ['false', '1', '2', '10.0.0.0/8', 'loopback,10.0.0.2'])
    apis[trust] = await apiTrusting(trust);
});
afterAll(async () => {
  for (const app of Object.values(apis)) await app.close();
});

describe('the client address behind a proxy', () => {
  it('with TRUST_PROXY=1, a left-most X-Forwarded-For written by the client changes nothing', async () => {
    const app = apis['1']!;
    const trust = loadConfig({ TRUST_PROXY: '1' }).trustProxy;
    const seen = new Set<string>();
    for (const spoofed of ['', '6.6.6.6, ', '1.1.1.1, 2.2.2.2, ', 'unknown, ', `${client}, 198.51.100.9, `]) {
      seen.add(await apiAddress(app, proxy, `${spoofed}${client}`));
      seen.add(pageAddress(trust, proxy, `${spoofed}${client}`));
    }
    expect([...seen]).toEqual([client]);
    // Without the header the peer itself is the client.
    expect(await apiAddress(app, proxy)).toBe(proxy);
    expect(pageAddress(trust, proxy)).toBe(proxy);
  });

  it('with TRUST_PROXY=true, the same: one hop, not everything', async () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(pageAddress(1, proxy, `6.6.6.6, ${client}`)).toBe(client);
  });

  it('with a hop count of 2, takes the address the outer proxy saw', async () => {
    expect(await apiAddress(apis['2']!, proxy, `6.6.6.6, ${client}, 10.0.0.9`)).toBe(client);
    expect(pageAddress(2, proxy, `6.6.6.6, ${client}, 10.0.0.9`)).toBe(client);
  });

  it('with proxy addresses, trusts the header only from those proxies', async () => {
    const app = apis['10.0.0.0/8']!;
    const trust = loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy;
    expect(await apiAddress(app, proxy, `6.6.6.6, ${client}`)).toBe(client);
    expect(pageAddress(trust, proxy, `6.6.6.6, ${client}`)).toBe(client);
    // A chain of trusted proxies is walked through; the first address that is not one is the client.
    expect(await apiAddress(app, proxy, `6.6.6.6, ${client}, 10.1.2.3`)).toBe(client);
    // A client that reaches the portal directly cannot name itself.
    expect(await apiAddress(app, '198.51.100.1', `${client}`)).toBe('198.51.100.1');
    expect(pageAddress(trust, '198.51.100.1', `${client}`)).toBe('198.51.100.1');
    // An IPv4 proxy seen through a dual-stack socket is still that proxy.
    expect(pageAddress(trust, `::ffff:${proxy}`, `6.6.6.6, ${client}`)).toBe(client);
  });

  it('without TRUST_PROXY, the header is ignored', async () => {
    expect(await apiAddress(apis.false!, '198.51.100.1', client)).toBe('198.51.100.1');
    expect(pageAddress(false, '198.51.100.1', client)).toBe('198.51.100.1');
  });

  it('gives the pages exactly the address the API sees, for any header and any setting', async () => {
    const octet = fc.integer({ min: 0, max: 255 });
    const ipv4 = fc.tuple(octet, octet, octet, octet).map((o) => o.join('.'));
    const hop = fc.oneof(
      ipv4,
      fc.constantFrom('10.0.0.2', '10.9.9.9', '127.0.0.1', '::1', '::ffff:10.0.0.3', 'unknown', ''),
    );
    const header = fc.option(
      fc
        .array(fc.tuple(hop, fc.constantFrom(',', ', ', ' ,\t', ',,')), { maxLength: 5 })
        .map((entries) => entries.map(([a, sep]) => a + sep).join('')),
      { nil: undefined },
    );
    const peer = fc.constantFrom('10.0.0.2', '127.0.0.1', '198.51.100.1', '::ffff:10.0.0.3');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(apis)), peer, header, async (setting, from, xff) => {
        const trust = loadConfig({ TRUST_PROXY: setting }).trustProxy;
        expect(pageAddress(trust, from, xff)).toBe(await apiAddress(apis[setting]!, from, xff));
      }),
      { numRuns: 300 },
    );
  });
});
