import ipaddr from 'ipaddr.js';

/** Spec §8: 120 requests per key in a 60-second window, on every endpoint including balance. */
export const RATE_LIMIT = 120;
export const RATE_WINDOW_MS = 60_000;

/**
 * The bucket an unauthenticated caller is counted in. Not its exact address: one machine has all
 * of 127/8 and ::1, and one IPv6 subscriber usually a whole /64, so rotating addresses inside
 * either must not reset the count. IPv4 seen through a dual-stack socket is that IPv4 address.
 */
export function clientBucket(address: string): string {
  if (!ipaddr.isValid(address)) return `client:${address}`;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.range() === 'loopback') return 'client:loopback';
  if (parsed.kind() === 'ipv4') return `client:${parsed.toString()}`;
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `client:${parts.join(':')}::/64`;
}
