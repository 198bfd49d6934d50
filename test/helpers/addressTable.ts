// The addresses every upstream entry point must refuse (or allow), shared by the literal-host,
// DNS-answer and desktop tests so the rule is checked the same way wherever it is applied.
// Sources: IANA's IPv4/IPv6 special-purpose registries and the security test of 2026-11 (F6).

/** [address, why it is not on the public internet] */
export const NOT_PUBLIC_V4: readonly (readonly [string, string])[] = [
  ['0.0.0.0', 'this host'],
  ['0.1.2.3', '0.0.0.0/8'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.0.0.1', 'private'],
  ['172.16.5.4', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['169.254.169.254', 'link-local, cloud metadata'],
  ['100.64.0.1', 'CGNAT 100.64/10'],
  ['100.127.255.254', 'CGNAT 100.64/10'],
  ['192.0.0.8', 'IETF protocol assignments 192.0.0/24'],
  ['192.0.2.10', 'documentation'],
  ['198.51.100.1', 'documentation'],
  ['203.0.113.7', 'documentation'],
  ['198.18.0.1', 'benchmarking 198.18/15'],
  ['198.19.255.255', 'benchmarking 198.18/15'],
  ['192.88.99.1', '6to4 relay anycast (deprecated)'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved 240/4'],
  ['255.255.255.254', 'reserved 240/4'],
  ['255.255.255.255', 'broadcast'],
];

export const NOT_PUBLIC_V6: readonly (readonly [string, string])[] = [
  ['::7f00:1', 'IPv4-compatible 127.0.0.1 (F6)'],
  ['::a9fe:a9fe', 'IPv4-compatible 169.254.169.254 (F6)'],
  ['::808:808', 'IPv4-compatible, deprecated even for a public IPv4'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:100.64.0.1', 'IPv4-mapped CGNAT'],
  ['::ffff:0:808:808', 'IPv4-translated ::ffff:0:0:0/96'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of metadata'],
  ['64:ff9b::a00:1', 'NAT64 of a private address'],
  ['64:ff9b:1::808:808', 'local-use NAT64 64:ff9b:1::/48'],
  ['64:ff9b:1:ab::1', 'local-use NAT64 64:ff9b:1::/48'],
  ['2002:7f00:1::', '6to4 of loopback'],
  ['2002:808:808::1', '6to4 (deprecated, refused whole)'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['2001::1', 'Teredo'],
  ['2001:2::1', 'benchmarking'],
  ['2001:3::1', 'AMT'],
  ['2001:10::1', 'ORCHID'],
  ['2001:20::1', 'ORCHIDv2'],
  ['2001:1ff:ffff::1', 'IETF protocol assignments 2001::/23'],
  ['2001:db8::1', 'documentation'],
  ['3fff::1', 'documentation 3fff::/20'],
  ['100::1', 'discard'],
  ['fc00::1', 'unique local'],
  ['fd12:3456::1', 'unique local'],
  ['fe80::1', 'link-local'],
  ['febf::1', 'link-local'],
  ['fec0::1', 'site-local (deprecated)'],
  ['ff02::1', 'multicast'],
  ['ff0e::1', 'multicast, global scope'],
  ['1::1', 'outside 2000::/3'],
  ['4000::1', 'outside 2000::/3'],
  ['5f00::1', 'SRv6 SIDs, outside 2000::/3'],
  ['8000::1', 'outside 2000::/3'],
  ['e000::1', 'outside 2000::/3'],
];

export const PUBLIC_V4: readonly string[] = ['8.8.8.8', '1.1.1.1', '93.184.216.34', '100.63.255.255', '100.128.0.1', '172.32.0.1', '192.0.1.1', '198.17.255.255', '198.20.0.1', '223.255.255.1'];

export const PUBLIC_V6: readonly string[] = [
  '2606:4700:4700::1111',
  '2a00:1450:4001:80e::200e',
  '2001:4860:4860::8888',
  '2001:200::1', // first address past 2001::/23: a real allocation (WIDE, Japan)
  '2c0f:fb50:4003::8a', // AFRINIC space, high in 2000::/3
  '::ffff:93.184.216.34',
  '64:ff9b::808:808', // what DNS64 hands out for 8.8.8.8: refusing it would break IPv6-only networks
];
