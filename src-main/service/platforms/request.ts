import type { SyncPlatformToken } from '#shared/platforms';
import type { UpstreamClient, UpstreamRequest, UpstreamResponse } from '../upstream/client';
import { isUpstreamError } from '../upstream/errors';
import type { FetchFailure } from './fetcher';
import { uiName, upstreamFailure } from './failures';

export type Fetched = { ok: true; response: UpstreamResponse } | { ok: false; failure: FetchFailure };

/**
 * One upstream request in the platform's scope (cookies, User-Agent). The client's own failures
 * (timeouts, refused connections, cut-off bodies, size caps) become 502s that say which; anything
 * else is a bug and is left to throw.
 */
export async function fetchUpstream(upstream: UpstreamClient, platform: SyncPlatformToken, request: UpstreamRequest): Promise<Fetched> {
  try {
    return { ok: true, response: await upstream.request({ scope: platform, ...request }) };
  } catch (error) {
    if (isUpstreamError(error)) return { ok: false, failure: upstreamFailure(`${uiName(platform)} request failed: ${error.message}`) };
    throw error;
  }
}
