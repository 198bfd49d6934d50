// What a request becomes when it follows a redirect. Origins are compared on logical URLs (the
// platforms' hosts), never on where routing sends the bytes: under TRANSCRIPT_DESK_UPSTREAM every
// site shares one physical origin, and in production the two are the same.
import { UpstreamError } from './errors';

export interface RedirectableRequest {
  /** The logical URL. */
  url: URL;
  method: 'GET' | 'POST' | 'HEAD';
  /** Names in lower case. */
  headers: Record<string, string>;
  body: string | undefined;
}

/**
 * The only caller headers that travel to another origin: they describe what we want (format,
 * language, compression, a byte range of media when a CDN hands off to another node) and who is
 * asking in browser terms (User-Agent, Sec-Fetch-Mode/-Dest, which sites use to tell a page load
 * from an API call). Everything else is dropped, because fetchers put credentials and session
 * state in headers of their own naming (Authorization, X-Guest-Token, Client-ID, X-CSRFToken,
 * X-FB-LSD, X-Twitter-*, Cookie …), and a list of what to drop would miss the next one.
 * Cookie is not on the list: the client adds the new host's own cookies from the jar.
 * Referer is handled apart (see `crossOriginReferer`).
 */
const CROSS_ORIGIN_HEADERS: ReadonlySet<string> = new Set(['accept', 'accept-language', 'accept-encoding', 'user-agent', 'range', 'sec-fetch-mode', 'sec-fetch-dest']);

/** Headers that describe a body: dropped with it when a redirect turns the request into a GET. */
const BODY_HEADERS: ReadonlySet<string> = new Set(['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']);

/**
 * Some CDNs want a Referer from the platform (hotlink protection), also after handing off to
 * another host. Like a browser's default policy (strict-origin-when-cross-origin), the new site
 * learns the referring site, not the page, and nothing when https would go to plain http.
 */
function crossOriginReferer(referer: string | undefined, target: URL): string | undefined {
  if (referer === undefined || !URL.canParse(referer)) return undefined;
  const from = new URL(referer);
  if (from.protocol === 'https:' && target.protocol !== 'https:') return undefined;
  return `${from.origin}/`;
}

function forAnotherOrigin(headers: Record<string, string>, target: URL): Record<string, string> {
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => CROSS_ORIGIN_HEADERS.has(name)));
  const referer = crossOriginReferer(headers.referer, target);
  return referer === undefined ? kept : { ...kept, referer };
}

/**
 * The next hop of a 301/302/303/307/308, or an `unsafe_redirect` error.
 * - 303, and 301/302 of a POST, continue as a GET without body (as browsers do); HEAD stays HEAD.
 * - 307/308 keep method and body. To the same origin that is fine; a POST (or any body) to
 *   another origin is refused: the body holds queries, tokens or form fields meant for one
 *   platform, and no upstream we talk to needs it sent elsewhere.
 * - To another origin only the allow-listed headers go along. They are not restored if a later
 *   hop comes back to the first origin: a chain that wandered through another site has lost the
 *   trust the credentials were given for.
 */
export function redirected(current: RedirectableRequest, status: number, location: URL): RedirectableRequest {
  const sameOrigin = location.origin === current.url.origin;
  let { method, body, headers } = current;
  if (status === 303 ? method !== 'HEAD' : (status === 301 || status === 302) && method === 'POST') {
    method = 'GET';
    body = undefined;
    headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !BODY_HEADERS.has(name)));
  } else if (!sameOrigin && (method === 'POST' || body !== undefined)) {
    throw new UpstreamError(
      'unsafe_redirect',
      `refused to follow a ${status} redirect from ${current.url.host} to ${location.host}: it would send the ${method} body to another site`,
      current.url.href,
    );
  }
  if (!sameOrigin) headers = forAnotherOrigin(headers, location);
  return { url: location, method, headers, body };
}
