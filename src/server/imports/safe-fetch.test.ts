import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchFeed } from './safe-fetch';

// Issue 26 item 12: a feed URL spelling a private IPv4 address in IPv6, literally or through DNS, is
// refused before any connection is made.

const resolved = vi.hoisted(() => ({ addresses: [] as string[] }));
vi.mock('node:dns/promises', () => ({
  lookup: async () =>
    resolved.addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
}));

// A feed on this machine, on every local address: a request that got through would reach it.
let requests = 0;
let port = 0;
const server = http.createServer((_req, res) => {
  requests++;
  res.writeHead(200, { 'content-type': 'text/calendar' }).end('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '::', ipv6Only: false }, resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('fetchFeed', () => {
  it.each([
    '::127.0.0.1',
    '::ffff:127.0.0.1',
    '::ffff:0:127.0.0.1',
    '2002:7f00:1::',
    '64:ff9b::127.0.0.1',
    '2001:0:4136:e378:8000:63bf:80ff:fffe',
  ])('refuses http://[%s]/ without connecting', async (address) => {
    await expect(fetchFeed(`http://[${address}]:${port}/feed.ics`)).rejects.toMatchObject({
      reason: 'unsafe_address',
    });
    expect(requests).toBe(0);
  });

  it.each([['2002:7f00:1::'], ['::ffff:0:7f00:1'], ['2a00:1450:4001:80b::200e', '::7f00:1']])(
    'refuses a name that resolves to %s',
    async (...addresses) => {
      resolved.addresses = addresses;
      await expect(fetchFeed(`http://calendar.example.com:${port}/feed.ics`)).rejects.toMatchObject({
        reason: 'unsafe_address',
      });
      expect(requests).toBe(0);
    },
  );
});
