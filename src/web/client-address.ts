import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { TrustProxy } from '@/config';

/** Whether the hop at `address`, `hop` steps from this server (0 = the socket's peer), may forward. */
export type TrustFunction = (address: string | undefined, hop: number) => boolean;

// The ranges proxy-addr names, so TRUST_PROXY reads as it does for Express and Fastify.
const namedRanges: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * The one trust rule for the API (Fastify's `trustProxy`) and the pages (server.ts). A function
 * because Fastify ignores a bare hop count (it fails closed), while TRUST_PROXY=true has long meant
 * "behind one proxy".
 */
export function compileTrust(trust: TrustProxy): TrustFunction {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  const proxies = new BlockList();
  for (const entry of trust.flatMap((e) => namedRanges[e] ?? [e])) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) proxies.addAddress(address, family);
    else proxies.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    const family = isIP(address ?? '');
    // BlockList matches IPv4-mapped IPv6 peers (::ffff:10.0.0.1) against IPv4 entries.
    return family !== 0 && proxies.check(address as string, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** X-Forwarded-For from the nearest hop outwards, split and trimmed as proxy-addr does it. */
function forwardedChain(req: IncomingMessage): (string | undefined)[] {
  const header = req.headers['x-forwarded-for'];
  const entries =
    typeof header === 'string'
      ? header
          .split(',')
          .map((e) => e.replace(/^[ \t]+|[ \t]+$/g, ''))
          .filter(Boolean)
      : [];
  return [req.socket.remoteAddress, ...entries.reverse()];
}

/**
 * The client's address: walking from the socket outwards, the first hop not trusted to forward.
 * X-Forwarded-For is read from the right, so whatever a client writes on the left of it is
 * ignored unless every proxy in front of it is trusted.
 */
export function clientAddress(req: IncomingMessage, trust: TrustFunction): string {
  const chain = forwardedChain(req);
  let i = 0;
  while (i < chain.length - 1 && trust(chain[i], i)) i++;
  return chain[i] ?? '';
}
