import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

/** Every address a name resolves to, as the operating system's resolver gives them (hosts file too). */
export const systemResolve: Resolve = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** Thrown when a webhook may not reach an address; the message says why, for the 422 and the attempt log. */
export class AddressRefused extends Error {}

/**
 * Which webhook destinations are allowed. Only globally routable unicast addresses are, unless
 * `WEBHOOK_ALLOW_HOSTS` names the host, the address or a range holding it: ipaddr.js classifies
 * loopback, private, link-local (169.254.169.254, the cloud metadata service), CGNAT, unique-local,
 * multicast, reserved and the rest, and an IPv4-mapped IPv6 address is judged as the IPv4 it holds.
 */
export function createAddressGuard(allowHosts: readonly string[], resolve: Resolve = systemResolve) {
  const names = new Set<string>();
  const ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = [];
  for (const entry of allowHosts) {
    const value = entry.trim().toLowerCase();
    if (value === '') continue;
    if (value.includes('/') && ipaddr.isValidCIDR(value)) ranges.push(ipaddr.parseCIDR(value));
    else if (ipaddr.isValid(value)) {
      const ip = normalise(ipaddr.parse(value));
      ranges.push([ip, ip.kind() === 'ipv4' ? 32 : 128]);
    } else names.add(value);
  }

  const allowedAddress = (address: string): boolean => {
    const ip = normalise(ipaddr.parse(address));
    return ranges.some(([net, bits]) => net.kind() === ip.kind() && ip.match(net, bits));
  };

  /** Why an address is refused, or null when a webhook may connect to it. */
  function refusal(address: string): string | null {
    if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
    if (allowedAddress(address)) return null;
    const range = normalise(ipaddr.parse(address)).range();
    return range === 'unicast' ? null : `${address} is a ${range} address`;
  }

  const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();

  /**
   * The addresses a request to `url` may connect to, after resolving its name; throws
   * AddressRefused when any of them is internal (a name with one public and one private address is
   * refused outright, so a resolver cannot pick the private one later).
   */
  async function check(url: URL): Promise<ResolvedAddress[]> {
    const host = hostOf(url);
    if (net.isIP(host)) {
      if (names.has(host)) return [{ address: host, family: net.isIP(host) === 6 ? 6 : 4 }];
      const why = refusal(host);
      if (why) throw new AddressRefused(why);
      return [{ address: host, family: net.isIP(host) === 6 ? 6 : 4 }];
    }
    let addresses: ResolvedAddress[];
    try {
      addresses = await resolve(host);
    } catch (error) {
      throw new AddressRefused(`${host} could not be resolved (${error instanceof Error ? error.message : String(error)})`);
    }
    if (addresses.length === 0) throw new AddressRefused(`${host} could not be resolved`);
    if (names.has(host)) return addresses;
    for (const a of addresses) {
      const why = refusal(a.address);
      if (why) throw new AddressRefused(`${host} resolves to ${why}`);
    }
    return addresses;
  }

  /** For saving a webhook: refused addresses fail; a name that does not resolve yet is checked at delivery. */
  async function checkForSave(url: URL): Promise<string | null> {
    try {
      await check(url);
      return null;
    } catch (error) {
      if (!(error instanceof AddressRefused)) throw error;
      return error.message.includes('could not be resolved') ? null : error.message;
    }
  }

  return { check, checkForSave, refusal };
}

export type AddressGuard = ReturnType<typeof createAddressGuard>;

function normalise(ip: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip;
}
