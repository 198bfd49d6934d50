// Visitor data: the logged-out session id YouTube's own apps send with every InnerTube call (as
// `X-Goog-Visitor-Id` and `context.client.visitorData`). Player requests without it are the ones
// most likely to get bot checks and the bare-TV `ERROR` (research/upstream-live-2026.md §1 c4).
// yt-dlp reads it from the ytcfg of a youtube.com page (`_base.py` `_extract_visitor_data`:
// `VISITOR_DATA`, else `INNERTUBE_CONTEXT.client.visitorData`); we load the home page once, with
// the consent cookie `SOCS=CAI` that yt-dlp sets so EU visitors are not sent to consent.youtube.com.
import type { UpstreamClient } from '#service/upstream/client';
import { SessionCache, type Cached } from '#service/upstream/sessionCache';
import { asObject, asString, at } from '../json';
import { fetchUpstream } from '../request';

const HOME_PAGE = 'https://www.youtube.com/';

/**
 * YouTube's visitor cookie lives half a year, so the value itself does not expire soon. We keep it
 * four hours all the same: one visitor id behind a whole day's batch is a pattern bot scoring
 * notices, while four hours of batches still cost a single home-page fetch.
 */
export const VISITOR_DATA_TTL_MS = 4 * 60 * 60 * 1000;
/**
 * A failed bootstrap is remembered for ten minutes: when the home page is down or throttling us,
 * asking it again before every link of a batch would only add to the per-IP count.
 */
export const FAILED_BOOTSTRAP_TTL_MS = 10 * 60 * 1000;

/** Base64url with YouTube's percent-encoded padding; anything else is not visitor data. */
const VISITOR_DATA = /^[A-Za-z0-9_%-]{16,256}$/;
const YTCFG_SET = /ytcfg\.set\s*\(\s*(\{.+?\})\s*\)\s*;/g;

/** The visitor data in a youtube.com page's `ytcfg.set({…})` calls, if any. */
export function visitorDataFromPage(html: string): string | undefined {
  for (const match of html.matchAll(YTCFG_SET)) {
    let config: unknown;
    try {
      config = JSON.parse(match[1] ?? '');
    } catch {
      continue;
    }
    const value = asString(asObject(config)?.VISITOR_DATA) ?? asString(at(config, 'INNERTUBE_CONTEXT', 'client', 'visitorData'));
    if (value !== undefined && VISITOR_DATA.test(value)) return value;
  }
  // A string inside the config that happens to hold `});` ends the lazy match early (yt-dlp's
  // pattern has the same blind spot): then the first visitor data anywhere in the page will do.
  const loose = /"(?:VISITOR_DATA|visitorData)":"([^"]+)"/.exec(html)?.[1];
  return loose !== undefined && VISITOR_DATA.test(loose) ? loose : undefined;
}

/** Visitor data for the player requests of one fetcher, fetched once and shared by concurrent requests. */
export class VisitorSession {
  private readonly cache = new SessionCache<string | null>(1);

  constructor(private readonly upstream: UpstreamClient) {}

  /**
   * The visitor data, or undefined when the bootstrap failed. A failed bootstrap never fails the
   * request: the player is asked without visitor data, as before there was any, and whatever
   * YouTube answers then is judged on its own.
   */
  async get(): Promise<string | undefined> {
    try {
      return (await this.cache.get('visitor', () => this.load())) ?? undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Not tied to one request's abort signal: the load is shared by every request waiting for it, and
   * the upstream client's own deadlines bound it.
   */
  private async load(): Promise<Cached<string | null>> {
    const page = await fetchUpstream(this.upstream, 'longform', { url: HOME_PAGE, headers: { cookie: this.cookieHeader(), accept: 'text/html' } });
    const found = page.ok && page.response.status === 200 ? visitorDataFromPage(page.response.text()) : undefined;
    return found === undefined ? { value: null, ttlMs: FAILED_BOOTSTRAP_TTL_MS } : { value: found, ttlMs: VISITOR_DATA_TTL_MS };
  }

  /** An explicit Cookie header replaces the jar's, so the signed-in user's cookies go along; their own consent choice stands. */
  private cookieHeader(): string {
    const jar = this.upstream.cookies.header('longform', HOME_PAGE);
    if (jar === undefined || jar === '') return 'SOCS=CAI';
    return /(^|;\s*)SOCS=/.test(jar) ? jar : `${jar}; SOCS=CAI`;
  }
}
