// Which URLs may be the OpenAI-compatible speech-to-text endpoint (`stt.openai.baseUrl`). Unlike
// upstream traffic, local and private servers are allowed on purpose: Ollama, LocalAI or a box on
// the LAN are what this setting is for. What is refused is where cloud credentials live: link-local
// addresses (169.254.0.0/16, fe80::/10, where AWS, GCP, Azure and OpenStack answer metadata) and the
// few metadata services elsewhere. The API key is sent to this URL, and a compromised renderer or
// browser session must not be able to point it there.
//
// The host is checked literally, without DNS: a name that resolves to a metadata address later is
// not caught here (the user's own DNS is trusted, as it is for every local server).
import ipaddr from 'ipaddr.js';

/** Names of cloud metadata services (lower case, no trailing dot). */
const METADATA_NAMES: ReadonlySet<string> = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal', 'metadata.tencentyun.com']);

/** Metadata addresses outside the link-local ranges: Alibaba Cloud, AWS over IPv6, Azure's WireServer. */
const METADATA_ADDRESSES: ReadonlySet<string> = new Set(['100.100.100.200', 'fd00:ec2::254', '168.63.129.16']);

/** The IPv4 address an IPv6 address carries (mapped, translated, IPv4-compatible, 6to4), if any. */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const p = v6.parts;
  const fromWords = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  const range = v6.range();
  if (v6.isIPv4MappedAddress() || range === 'rfc6145' || range === 'rfc6052') return fromWords(p[6] ?? 0, p[7] ?? 0);
  if (range === '6to4') return fromWords(p[1] ?? 0, p[2] ?? 0);
  // ::a.b.c.d (deprecated IPv4-compatible form), but not :: and ::1.
  if (p.slice(0, 6).every((w) => w === 0) && (p[6] !== 0 || (p[7] ?? 0) > 1)) return fromWords(p[6] ?? 0, p[7] ?? 0);
  return undefined;
}

function addressProblem(address: string, what: string): string | undefined {
  const parsed = ipaddr.parse(address);
  const candidates: (ipaddr.IPv4 | ipaddr.IPv6)[] = [parsed];
  if (parsed.kind() === 'ipv6') {
    const inner = embeddedIPv4(parsed as ipaddr.IPv6);
    if (inner !== undefined) candidates.push(inner);
  }
  for (const candidate of candidates) {
    if (candidate.range() === 'linkLocal') return `${address} is a link-local address, where cloud metadata services answer; use the server's own address`;
    if (METADATA_ADDRESSES.has(candidate.toNormalizedString()) || METADATA_ADDRESSES.has(candidate.toString())) return `${address} is a cloud metadata service, not a ${what}`;
  }
  return undefined;
}

/**
 * Why `raw` cannot be the OpenAI-compatible endpoint, or undefined when it can. `what` names the
 * server in the messages; `keySetting` is where its key belongs instead of the URL.
 */
export function endpointUrlProblem(raw: string, what = 'speech-to-text server', keySetting = 'stt.openai.apiKey'): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must start with http:// or https://';
  // fetch refuses such URLs, and the key belongs in stt.openai.apiKey, not in the URL.
  if (url.username !== '' || url.password !== '') return `must not contain a user name or password (set ${keySetting} instead)`;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (ipaddr.isValid(host)) return addressProblem(host, what);
  if (METADATA_NAMES.has(host.replace(/\.$/, ''))) return `${host} is a cloud metadata service, not a ${what}`;
  return undefined;
}

/**
 * Why `raw` cannot be a team server's base URL (Settings ▸ Team server, `--server`), or undefined.
 * The same rules as the speech-to-text endpoint, for the same reason: the team key is sent there.
 * A path is allowed (a server behind a reverse proxy under `/transcripts`); a query or fragment is
 * not, since the API's paths are appended to it.
 */
export function teamServerUrlProblem(raw: string): string | undefined {
  const problem = endpointUrlProblem(raw, 'team server', 'the key with --key, TRANSCRIPT_DESK_KEY or the key field');
  if (problem !== undefined) return problem;
  const url = new URL(raw);
  if (url.search !== '' || url.hash !== '') return 'must not contain a query (?…) or a fragment (#…): the API paths are added to it';
  return undefined;
}
