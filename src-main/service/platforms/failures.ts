// How every fetcher says what went wrong (issue item 6): the upstream said the item is missing,
// private, removed or has no captions → 404 with the spec's text; anything that kept us from an
// answer (blocks, bot checks, rate limits, server errors, timeouts, payloads we cannot read) → 502
// "Upstream error" with a message that names what happened. Both are free.
import { PLATFORMS, type SyncPlatformToken } from '#shared/platforms';
import { ERROR_TEXT } from '../apiResponse';
import { retryAfterMs } from '../upstream/retry';
import type { UpstreamResponse } from '../upstream/client';
import type { FetchFailure } from './fetcher';

/** The spec's 404 text per platform (§4.1): the video platforms add "for this video". */
export const NO_TRANSCRIPT_TEXT: Readonly<Record<SyncPlatformToken, string>> = {
  longform: ERROR_TEXT.noTranscriptVideo,
  shortform: ERROR_TEXT.noTranscriptVideo,
  reels: ERROR_TEXT.noTranscriptVideo,
  social: ERROR_TEXT.noTranscriptVideo,
  professional: ERROR_TEXT.noTranscript,
  openvideo: ERROR_TEXT.noTranscript,
  microblog: ERROR_TEXT.noTranscript,
  clips_a: ERROR_TEXT.noTranscriptVideo,
  clips_b: ERROR_TEXT.noTranscriptVideo,
};

export const noTranscript = (platform: SyncPlatformToken, message: string): FetchFailure => ({ status: 404, error: NO_TRANSCRIPT_TEXT[platform], message });

export const upstreamFailure = (message: string): FetchFailure => ({ status: 502, error: ERROR_TEXT.upstream, message });

export const uiName = (platform: SyncPlatformToken) => PLATFORMS[platform].uiName;

/** `code` of a 502 whose cause is the site's own rate limit: a client that waits `Retry-After` will likely succeed. */
export const UPSTREAM_RATE_LIMITED = 'upstream_rate_limited';

/**
 * The site said 429 and the upstream client would not wait that long (upstream/pacing.ts). Still a
 * 502 (the spec's status for "the platform kept us from an answer"), free, but with a machine code
 * and the site's `Retry-After` (whole seconds) so a script or the desk's queue can wait and retry
 * instead of treating the item as failed.
 */
export function rateLimitedFailure(site: string, retryAfter: string | undefined): FetchFailure {
  const wait = retryAfterMs(retryAfter);
  const seconds = wait === undefined ? undefined : Math.max(1, Math.ceil(wait / 1000));
  const after = seconds === undefined ? '' : `, retry after ${seconds} s`;
  return {
    ...upstreamFailure(`${site} is rate-limiting requests from this machine (HTTP 429${after})`),
    code: UPSTREAM_RATE_LIMITED,
    ...(seconds === undefined ? {} : { retryAfterMs: seconds * 1000 }),
  };
}

/**
 * A non-2xx answer as a failure, or undefined for a 2xx. `subject` names what was asked for ("this
 * video", "the captions file"); only the item's own page may turn a 404 into "does not exist", a
 * missing captions file the page pointed at is an upstream fault.
 */
export function statusFailure(platform: SyncPlatformToken, response: UpstreamResponse, subject: string, options: { missingMeansGone: boolean }): FetchFailure | undefined {
  const { status } = response;
  if (status >= 200 && status < 300) return undefined;
  const name = uiName(platform);
  if ((status === 404 || status === 410) && options.missingMeansGone) return noTranscript(platform, `${name} says ${subject} does not exist (HTTP ${status})`);
  if (status === 429) return rateLimitedFailure(name, response.headers['retry-after']);
  if (status === 403) {
    const challenge = response.headers['cf-mitigated'] === 'challenge' || /just a moment/i.test(response.body.subarray(0, 2048).toString('utf8'));
    return upstreamFailure(`${name} refused the request for ${subject} (HTTP 403${challenge ? ', a Cloudflare bot challenge' : ''})`);
  }
  if (status === 999) return upstreamFailure(`${name} refused the request for ${subject} (HTTP 999, its bot check)`);
  if (status >= 500) return upstreamFailure(`${name} answered HTTP ${status} (a server error) for ${subject}`);
  return upstreamFailure(`${name} answered HTTP ${status} for ${subject}`);
}
