import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { fillMessage, VALIDATION_MESSAGES } from '@shabaash/shared';
import { AppError } from '../../http/errors.ts';

/** Where outgoing webhooks may go: public addresses only; loopback too in sandbox (a receiver on this machine). */
export interface TargetPolicy {
  allowLoopback: boolean;
}

type Address = ipaddr.IPv4 | ipaddr.IPv6;
const NON_PUBLIC = 'a private, link-local or reserved address';
/** IPv4-compatible IPv6 (RFC 4291, deprecated): the last 32 bits are an IPv4 address. No library range names it. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');
/** RFC 8215's local-use NAT64 prefix: the network chooses where in it the IPv4 address sits (RFC 6052 layouts). */
const LOCAL_NAT64 = ipaddr.parseCIDR('64:ff9b:1::/48');

/** IPv6 ranges that carry an IPv4 address (SIIT, NAT64, 6to4, Teredo): judged by the IPv4 they carry. */
const IPV4_CARRIERS = new Set(['rfc6145', 'rfc6052', '6to4', 'teredo']);

/** 32 bits of `bytes` taken from the given byte offsets, as an IPv4 address. */
const ipv4At = (bytes: number[], offsets: number[]) => new ipaddr.IPv4(offsets.map((i) => bytes[i] ?? 0));
const inverted = (bytes: number[]) => bytes.map((b) => b ^ 0xff);
const allZero = (bytes: number[], from: number, to = 16) => bytes.slice(from, to).every((b) => b === 0);

/**
 * Where the RFC 6052 layouts of NAT64 prefixes /48, /56 and /64 put the IPv4 address (byte offsets) and where
 * their zero suffix starts; byte 8 (the "u" octet) is zero in all three. A /96 prefix puts it in the last 32 bits.
 */
const NAT64_LAYOUTS = [
  { v4: [6, 7, 9, 10], suffix: 11 },
  { v4: [7, 9, 10, 11], suffix: 12 },
  { v4: [9, 10, 11, 12], suffix: 13 },
];

/**
 * The IPv4 addresses an IPv6 address carries, by its special-purpose range (ipaddr.js): a packet to it can end up
 * at one of them (through SIIT, NAT64, a 6to4 or Teredo relay, or an IPv4-compatible tunnel).
 */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4[] {
  const bytes = ip.toByteArray();
  const last32 = ipv4At(bytes, [12, 13, 14, 15]);
  switch (ip.range()) {
    case 'rfc6145': // SIIT ::ffff:0:a.b.c.d
      return [last32];
    case 'rfc6052': // NAT64 64:ff9b::/96, or the local-use 64:ff9b:1::/48 in any layout that fits the address
      if (!ip.match(LOCAL_NAT64)) return [last32];
      return NAT64_LAYOUTS.filter(({ suffix }) => bytes[8] === 0 && allZero(bytes, suffix))
        .map(({ v4 }) => ipv4At(bytes, v4))
        .concat(last32);
    case '6to4': // 2002:aabb:ccdd::/48
      return [ipv4At(bytes, [2, 3, 4, 5])];
    case 'teredo': // 2001:0:<server>:<flags>:<port>:<client XOR ffffffff>
      return [ipv4At(bytes, [4, 5, 6, 7]), ipv4At(inverted(bytes), [12, 13, 14, 15])];
    default: // ::a.b.c.d
      return ip.match(IPV4_COMPATIBLE) ? [last32] : [];
  }
}

/**
 * Why an address may not be a target, or null when it may: only public unicast (ipaddr.js's special-purpose
 * ranges), and every IPv4 address an IPv6 address carries must be public unicast too.
 */
export function refusalFor(address: string, policy: TargetPolicy): string | null {
  if (!net.isIP(address)) return `${address} is not an IP address`;
  const ip: Address = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    // The socket goes to that IPv4 address itself (loopback included, so allowed in sandbox).
    const v4 = (ip as ipaddr.IPv6).toIPv4Address().toString();
    const reason = refusalFor(v4, policy);
    return reason && `it carries the IPv4 address ${v4}: ${reason}`;
  }
  const range: string = ip.range();
  if (range === 'loopback') return policy.allowLoopback ? null : 'it is a loopback address';
  if (ip.kind() === 'ipv6' && (range === 'unicast' || IPV4_CARRIERS.has(range))) {
    const carried = embeddedIPv4(ip as ipaddr.IPv6).find((v4) => v4.range() !== 'unicast');
    return carried ? `it carries the IPv4 address ${carried.toString()}, ${NON_PUBLIC}` : null;
  }
  return range === 'unicast' ? null : `it is ${NON_PUBLIC}`;
}

export const refused = (reason: string) =>
  new AppError('VALIDATION_FAILED', fillMessage(VALIDATION_MESSAGES.webhookUrlRefused, { reason }), 'url');

export type Lookup = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemLookup: Lookup = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Checks a webhook URL before it is saved and before each delivery: https (plain http only to loopback, in
 * sandbox), no credentials, and every address the host resolves to is allowed. Returns the addresses checked.
 */
export async function checkTarget(
  raw: string,
  policy: TargetPolicy,
  lookup: Lookup = systemLookup,
): Promise<Array<{ address: string; family: number }>> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('it is not a URL');
  }
  if (url.username || url.password) throw refused('it carries credentials');
  const host = hostOf(url);
  let addresses: Array<{ address: string; family: number }>;
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await lookup(host);
    } catch {
      throw refused(`${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw refused(`${host} does not resolve`);
  for (const { address } of addresses) {
    const reason = refusalFor(address, policy);
    if (reason) throw refused(`${host} resolves to ${address} and ${reason}`);
  }
  const allLoopback = addresses.every(
    ({ address }) => refusalFor(address, { allowLoopback: false }) !== null,
  );
  if (url.protocol === 'http:' && !(policy.allowLoopback && allLoopback)) throw refused('use https://');
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused('use https://');
  return addresses;
}
