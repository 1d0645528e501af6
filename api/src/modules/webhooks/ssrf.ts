import dns from 'node:dns';
import net from 'node:net';
import { fillMessage, VALIDATION_MESSAGES } from '@shabaash/shared';
import { AppError } from '../../http/errors.ts';

/** Where outgoing webhooks may go: public addresses only; loopback too in sandbox (a receiver on this machine). */
export interface TargetPolicy {
  allowLoopback: boolean;
}

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Private, link-local, shared, documentation, multicast and reserved ranges: never a webhook target. */
const nonPublic = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

/** Why an address may not be a target, or null when it may. IPv4-mapped IPv6 is judged as the IPv4 it carries. */
export function refusalFor(address: string, policy: TargetPolicy): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = net.isIPv4(ip) ? 'ipv4' : net.isIPv6(ip) ? 'ipv6' : null;
  if (!family) return `${address} is not an IP address`;
  if (loopback.check(ip, family)) return policy.allowLoopback ? null : 'it is a loopback address';
  if (nonPublic.check(ip, family)) return 'it is a private, link-local or reserved address';
  return null;
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
