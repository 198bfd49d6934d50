// Which addresses upstream traffic may reach: public unicast only. Anything else (loopback,
// private, link-local, CGNAT, multicast, IPv4 hidden inside IPv6 …) would let a feed or a
// redirect make this app talk to the user's router, cloud metadata or local services.
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Hostnames that never name a public service, whatever DNS says. */
const PRIVATE_NAMES = /(^|\.)(localhost|local|internal|intranet|lan|home|corp|localdomain|home\.arpa)$/i;

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    // ::ffff:a.b.c.d and friends: judge the IPv4 address inside.
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else if (v6.range() === 'rfc6052' || v6.range() === '6to4' || v6.range() === 'teredo') return false;
  }
  return parsed.range() === 'unicast';
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
