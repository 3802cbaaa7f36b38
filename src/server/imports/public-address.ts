import { BlockList, isIP } from 'node:net';

// Which addresses a company's feed URL may reach (SSRF). IPv6 has several ways to carry an IPv4 address
// that a host or a relay turns back into IPv4 (issue 26 item 12: ::127.0.0.1 and 2002:7f00:1:: were let
// through), so each of them is unpacked and its IPv4 address judged as if it had been given.

const unsafeIpv4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  unsafeIpv4.addSubnet(net, prefix, 'ipv4');

// Inside global unicast (2000::/3), the blocks that are not reachable hosts.
const unsafeGlobalIpv6 = new BlockList();
for (const [net, prefix] of [
  ['2001::', 23], // IETF protocol assignments (Teredo, 2001::/32, is unpacked before this)
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
] as const)
  unsafeGlobalIpv6.addSubnet(net, prefix, 'ipv6');

/** The eight 16-bit groups of an address `isIP` calls IPv6 (`::` expanded, a dotted tail split in two). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * The IPv4 addresses an IPv6 address stands for, or null when it carries none: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d, :: and ::1 among them), IPv4-translated
 * (::ffff:0:a.b.c.d), NAT64 (64:ff9b::a.b.c.d), 6to4 (2002:AABB:CCDD::), Teredo (2001:0:server:…:client
 * with the client's bits inverted) and ISATAP (…:0:5efe:a.b.c.d or …:200:5efe:a.b.c.d).
 */
function embeddedIpv4(g: number[]): string[] | null {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const last = ipv4Of(g6, g7);
  const zeroFirst64 = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0;
  if (zeroFirst64 && g4 === 0 && (g5 === 0 || g5 === 0xffff)) return [last];
  if (zeroFirst64 && g4 === 0xffff && g5 === 0) return [last];
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return [last];
  if (g0 === 0x2002) return [ipv4Of(g1, g2)];
  if (g0 === 0x2001 && g1 === 0) return [ipv4Of(g2, g3), ipv4Of(g6 ^ 0xffff, g7 ^ 0xffff)];
  if ((g4 === 0 || g4 === 0x200) && g5 === 0x5efe) return [last];
  return null;
}

function isPublicIpv6(address: string): boolean {
  // A zone (fe80::1%eth0) only ever names a link-local address.
  if (address.includes('%')) return false;
  const groups = ipv6Groups(address);
  const carried = embeddedIpv4(groups);
  if (carried) return carried.every((v4) => !unsafeIpv4.check(v4, 'ipv4'));
  // Only global unicast reaches a host on the internet: this leaves out ::/8 (unspecified, loopback),
  // 64:ff9b:1::/48 (local NAT64), 100::/64 (discard), fc00::/7, fe80::/10, fec0::/10 and ff00::/8.
  if (((groups[0] ?? 0) & 0xe000) !== 0x2000) return false;
  return !unsafeGlobalIpv6.check(address, 'ipv6');
}

/** Whether a feed may be read from `address`: a public unicast IPv4 or IPv6 address, in any spelling. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !unsafeIpv4.check(address, 'ipv4');
  if (family === 6) return isPublicIpv6(address);
  return false;
}
