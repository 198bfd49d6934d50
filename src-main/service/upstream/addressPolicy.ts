// Which addresses upstream traffic may reach: global unicast only. Anything else (loopback,
// private, link-local, CGNAT, multicast, IPv4 hidden inside IPv6 …) would let a feed or a
// redirect make this app talk to the user's router, cloud metadata or local services.
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Hostnames that never name a public service, whatever DNS says. */
const PRIVATE_NAMES = /(^|\.)(localhost|local|internal|intranet|lan|home|corp|localdomain|home\.arpa)$/i;

const cidr = (text: string) => ipaddr.IPv6.parseCIDR(text);

/** IPv6 global unicast (RFC 4291): everything outside it is local, multicast, embedded IPv4 or unassigned. */
const GLOBAL_UNICAST = cidr('2000::/3');

/**
 * Inside 2000::/3 but not the public internet (IANA special-purpose registry). Listed here rather
 * than trusted to ipaddr.js, whose `range()` calls whatever it does not know 'unicast'.
 */
const NOT_GLOBAL_IN_2000_3 = [
  // IETF protocol assignments: Teredo 2001::/32 (tunnels to an IPv4 that we cannot judge),
  // benchmarking, AMT, AS112, ORCHID, DRIP. No web host lives here; real allocations start at 2001:200::.
  cidr('2001::/23'),
  cidr('2001:db8::/32'), // documentation
  cidr('3fff::/20'), // documentation (RFC 9637)
  // 6to4 (RFC 3056, deprecated by RFC 7526): the packet goes to whatever IPv4 is embedded, through
  // whichever relay answers. Decision: refuse it whole rather than judge the embedded IPv4; no
  // site is reachable only over 6to4 today, and an unknown relay is not a path we want to trust.
  cidr('2002::/16'),
];

/**
 * The well-known NAT64 prefix (RFC 6052). On an IPv6-only network with DNS64 *every* IPv4-only
 * site resolves into it, so refusing it would break those users: the embedded IPv4 is judged
 * instead (RFC 6052 forbids the prefix for non-global IPv4 anyway, so a private one is an attack).
 */
const WELL_KNOWN_NAT64 = cidr('64:ff9b::/96');

function isPublicV4(address: ipaddr.IPv4): boolean {
  // 'unicast' is what ipaddr.js leaves over after 0/8, 10/8, 100.64/10, 127/8, 169.254/16,
  // 172.16/12, 192.0.0/24, 192.0.2/24, 192.88.99/24, 192.168/16, 198.18/15, 198.51.100/24,
  // 203.0.113/24, 224/4, 240/4 and 255.255.255.255.
  return address.range() === 'unicast';
}

function isPublicV6(address: ipaddr.IPv6): boolean {
  // A zone (fe80::1%eth0) names a link; nothing on the internet needs one.
  if (address.zoneId !== undefined) return false;
  // ::ffff:a.b.c.d is an IPv4 socket in disguise: judge the IPv4.
  if (address.isIPv4MappedAddress()) return isPublicV4(address.toIPv4Address());
  if (address.match(WELL_KNOWN_NAT64)) return isPublicV4(new ipaddr.IPv4(address.toByteArray().slice(12)));
  // Everything else outside 2000::/3 is refused, among it IPv4-compatible ::/96 (::7f00:1 is
  // 127.0.0.1 to stacks that still route it), ::ffff:0:0:0/96, the local-use NAT64 64:ff9b:1::/48
  // (its prefix length, and so where the IPv4 sits, is the local network's choice: it cannot be
  // judged), discard 100::/64, ULA, link- and site-local, multicast and unassigned space.
  if (!address.match(GLOBAL_UNICAST)) return false;
  if (NOT_GLOBAL_IN_2000_3.some((range) => address.match(range))) return false;
  // Belt and braces: anything else ipaddr.js knows to be special (e.g. AS112 2620:4f:8000::/48).
  return address.range() === 'unicast';
}

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  return parsed.kind() === 'ipv6' ? isPublicV6(parsed as ipaddr.IPv6) : isPublicV4(parsed as ipaddr.IPv4);
}

/**
 * The owner's own machine: localhost and its subdomains, 127.0.0.0/8 and ::1, also written as an
 * IPv4-mapped IPv6 address. For endpoints the owner configures (a local speech server), which are
 * reached directly, never through a proxy.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
}

/** Literal checks on a URL's host before any DNS: IP literals must be public, private names are refused. */
export function literalHostProblem(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === '') return 'the URL has no host';
  if (isIP(host) !== 0) return isPublicAddress(host) ? undefined : `${host} is not a public address`;
  // WHATWG URL turns decimal/octal/hex IPv4 forms into dotted quads, so what is left is a name.
  if (PRIVATE_NAMES.test(host.replace(/\.$/, ''))) return `${host} is not a public host name`;
  return undefined;
}
