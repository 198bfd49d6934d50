// Turns whatever a user pasted into a WHATWG URL we are willing to look at, or a reason why not.
// Runs in the renderer and in the service, so it stays free of Node APIs.

export const MAX_URL_LENGTH = 2048;

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// eslint-disable-next-line no-control-regex
const WHITESPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f]/;

export function prepareUrl(input: unknown): URL | { reason: string } {
  if (typeof input !== 'string') return { reason: 'The URL must be a string' };
  const trimmed = input.trim();
  if (trimmed === '') return { reason: 'The URL is empty' };
  if (trimmed.length > MAX_URL_LENGTH) return { reason: `The URL is longer than ${MAX_URL_LENGTH} characters` };
  if (WHITESPACE_OR_CONTROL.test(trimmed)) return { reason: 'The URL contains spaces or control characters' };
  // People paste `youtu.be/abc` or `www.tiktok.com/...` without a scheme; https is the only sane guess.
  const withScheme = HAS_SCHEME.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/+/, '')}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { reason: 'This is not a valid URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { reason: 'Only http and https links are accepted' };
  if (url.username !== '' || url.password !== '') return { reason: 'Links with a user name or password are not accepted' };
  if (url.port !== '') return { reason: 'Links with an explicit port are not accepted' };
  return url;
}

/** Path segments without empty parts and with a trailing slash ignored. */
export function pathSegments(url: URL): string[] {
  return url.pathname.split('/').filter((s) => s !== '');
}

export function hostIn(...hosts: string[]): (host: string) => boolean {
  const set = new Set(hosts);
  return (host) => set.has(host);
}
