// The logged-out session a browser tab has: the home page's LSD token (GraphQL wants it in the form
// and in X-FB-LSD) and the csrftoken cookie it sets. Instagram limits home-page loads per address
// like everything else, so one load serves many posts (SessionCache, per fetcher instance).
import type { UpstreamClient } from '#service/upstream/client';
import { SessionCache } from '#service/upstream/sessionCache';
import type { FetchFailure } from '../fetcher';
import { statusFailure, upstreamFailure } from '../failures';
import { HtmlPage } from '../html';
import { asString, at, parseJson } from '../json';
import { fetchUpstream } from '../request';
import { isLoginPage, LOGIN_WALL } from './source';

export const HOME = 'https://www.instagram.com/';
/**
 * How long one home page's LSD token is used. The site states no lifetime for it (the csrftoken
 * cookie it sets lives a year); an hour keeps a batch of hundreds of reels at a few loads, and a
 * token GraphQL refuses is dropped at once (`forget`).
 */
const LSD_TTL_MS = 60 * 60 * 1000;

/** The LSD token: `<script id="__eqmc">{"l": …}` on current pages, `["LSD",[],{"token":…}]` on older ones. */
export function lsdTokenOf(html: string): string | undefined {
  const page = new HtmlPage(html);
  const eqmc = page.scriptById('__eqmc');
  const parsed = eqmc === undefined ? undefined : parseJson(eqmc);
  const fromEqmc = parsed?.ok === true ? asString(at(parsed.value, 'l')) : undefined;
  return fromEqmc ?? /\["LSD",\[\],\{"token":"([^"]+)"/.exec(html)?.[1];
}

/** A failed load is thrown through the cache (so it is not cached) and caught right here. */
class SessionFailure extends Error {
  constructor(readonly failure: FetchFailure) {
    super(failure.message);
  }
}

export class InstagramSession {
  private readonly tokens = new SessionCache<string>(1);

  constructor(private readonly upstream: UpstreamClient) {}

  /** The LSD token, from the cache or a home-page load. */
  async lsd(signal: AbortSignal): Promise<{ ok: true; lsd: string } | { ok: false; failure: FetchFailure }> {
    try {
      return { ok: true, lsd: await this.tokens.get('lsd', () => this.load(signal)) };
    } catch (error) {
      if (error instanceof SessionFailure) return { ok: false, failure: error.failure };
      throw error;
    }
  }

  /** The csrftoken cookie as the jar holds it now (the home page and the ruling both set it). */
  csrf(): string | undefined {
    return /(?:^|;\s*)csrftoken=([^;]+)/.exec(this.upstream.cookies.header('reels', HOME) ?? '')?.[1];
  }

  /** Drops a token Instagram refused, so the next request loads the home page again. */
  forget(): void {
    this.tokens.forget('lsd');
  }

  private async load(signal: AbortSignal) {
    const fetched = await fetchUpstream(this.upstream, 'reels', { url: HOME, signal, headers: { accept: 'text/html,application/xhtml+xml' } });
    if (!fetched.ok) throw new SessionFailure(fetched.failure);
    if (isLoginPage(fetched.response.url) && fetched.response.redirects.length > 0) throw new SessionFailure(upstreamFailure(LOGIN_WALL));
    const refused = statusFailure('reels', fetched.response, 'its home page', { missingMeansGone: false });
    if (refused !== undefined) throw new SessionFailure(refused);
    const lsd = lsdTokenOf(fetched.response.text());
    if (lsd === undefined) throw new SessionFailure(upstreamFailure("Instagram's home page has no LSD token (a block page, or its page layout changed)"));
    return { value: lsd, ttlMs: LSD_TTL_MS };
  }
}
