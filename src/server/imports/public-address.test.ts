import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address';

// Issue 26 item 12: the import's SSRF guard let IPv6 spellings of private IPv4 addresses through.

describe('isPublicAddress', () => {
  it.each([
    // IPv4 ranges behind the portal or not hosts at all
    '0.0.0.0',
    '10.1.2.3',
    '100.64.0.1',
    '127.0.0.1',
    '127.255.0.9',
    '169.254.169.254',
    '172.16.0.1',
    '192.0.0.8',
    '192.0.2.1',
    '192.88.99.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '255.255.255.255',
    // IPv6 ranges
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fec0::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '100::1',
    '2001:db8::1',
    '3fff::1',
    '2001:10::1',
    '64:ff9b:1::808:808',
    // IPv4-mapped ::ffff:a.b.c.d
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    // IPv4-compatible ::a.b.c.d
    '::127.0.0.1',
    '::7f00:1',
    '::192.168.0.1',
    // IPv4-translated ::ffff:0:a.b.c.d
    '::ffff:0:127.0.0.1',
    '::ffff:0:7f00:1',
    '::ffff:0:a9fe:a9fe',
    // NAT64 64:ff9b::a.b.c.d
    '64:ff9b::127.0.0.1',
    '64:ff9b::a00:1',
    // 6to4 2002:AABB:CCDD::/48
    '2002:7f00:1::',
    '2002:7f00:1::1',
    '2002:c0a8:101:1::1',
    '2002:a9fe:a9fe::',
    // Teredo 2001:0:server:flags:port:client, the client's bits inverted (127.0.0.1 is 80ff:fffe)
    '2001:0:4136:e378:8000:63bf:80ff:fffe',
    '2001:0:4136:e378:8000:63bf:f5ff:fffe',
    // ... or a private Teredo server
    '2001:0:a00:1:8000:63bf:f7f7:f7f7',
    // ISATAP ...:0:5efe:a.b.c.d and ...:200:5efe:a.b.c.d
    '2a00:1450:4001:80b:0:5efe:7f00:1',
    '2a00:1450:4001:80b:200:5efe:c0a8:1',
    // not addresses
    'localhost',
    '',
    '127.1',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '1.1.1.1',
    '2a00:1450:4001:80b::200e',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
  ])('lets %s through', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});
