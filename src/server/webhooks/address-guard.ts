import { lookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Loopback, private, link-local, shared, unspecified and multicast ranges: where a webhook must not reach. */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  // NAT64's local-use prefix (RFC 8215) translates for the local network only.
  ['64:ff9b:1::', 48],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** The 16 bytes of an IPv6 address (isIP said it is one), a trailing dotted IPv4 and a zone included. */
function ipv6Bytes(address: string): number[] {
  const hex = address
    .replace(/%.*$/, '')
    .replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
      [(+a << 8) | +b, (+c << 8) | +d].map((word) => word.toString(16)).join(':'),
    );
  const [head, tail] = hex.split('::').map((part) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []));
  const words = tail ? [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail] : head;
  return words.flatMap((word) => [word >> 8, word & 255]);
}

/**
 * The IPv4 address an IPv6 one carries where the network may deliver it to that IPv4 host:
 * IPv4-mapped (`::ffff:a.b.c.d`), IPv4-compatible (`::a.b.c.d`, `::1` among them), NAT64's
 * well-known prefix (`64:ff9b::/96`) and 6to4 (`2002:aabb:ccdd::/48`). Such an address is only as
 * public as the IPv4 one inside it.
 */
function embeddedIPv4(address: string): string | undefined {
  const b = ipv6Bytes(address);
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const at = (i: number) => b.slice(i, i + 4).join('.');
  if (zeros(0, 10) && ((b[10] === 255 && b[11] === 255) || (b[10] === 0 && b[11] === 0))) return at(12);
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return at(12);
  if (b[0] === 0x20 && b[1] === 0x02) return at(2);
  return undefined;
}

/** Whether an address is one a webhook may not reach; an IPv4 address inside an IPv6 one is judged as IPv4. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const inside = embeddedIPv4(address);
  return inside ? blocked.check(inside, 'ipv4') : blocked.check(address, 'ipv6');
}

/**
 * Names only a local network answers, refused when an endpoint is saved (with no DNS lookup: a name's
 * addresses are checked when it is sent to): a single label (found through local search domains:
 * `metadata`, `intranet`) and the special-use domains `localhost` (RFC 6761), `local` (mDNS),
 * `home.arpa` (RFC 8375) and `internal` (reserved for private use; `metadata.google.internal`).
 */
const LOCAL_NAME = /^[^.]*$|\.(localhost|local|home\.arpa|internal)$/;

/** Whether a URL names a host a webhook may not reach, as far as can be told without DNS; an unreadable URL is refused too. */
export function isPrivateUrl(url: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return true;
  }
  // The WHATWG parser has already written 127.1, 0x7f000001 and 0177.0.0.1 as 127.0.0.1.
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  return isIP(host) ? isPrivateAddress(host) : LOCAL_NAME.test(host);
}

/** Whether webhooks may reach private and loopback addresses: tests' own receivers, on-premise receivers. */
export const allowsPrivateTargets = () => process.env.WEBHOOK_ALLOW_PRIVATE === 'true';

export class PrivateAddressError extends Error {
  constructor(host: string) {
    super(`refused: ${host} is a private or loopback address`);
  }
}

/**
 * A DNS lookup for outgoing webhook connections that refuses a name if any of its addresses is
 * private: the connection is then made to an address this check saw, so a name that resolves
 * differently a moment later (DNS rebinding) cannot slip through.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.some((a) => isPrivateAddress(a.address));
    if (refused) return callback(new PrivateAddressError(hostname), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};
