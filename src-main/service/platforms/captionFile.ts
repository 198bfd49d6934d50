import type { SyncPlatformToken } from '#shared/platforms';
import type { Segment } from '#shared/transcript';
import { parseCaptions } from '../captions/index';
import type { UpstreamClient } from '../upstream/client';
import type { FetchFailure } from './fetcher';
import { statusFailure, uiName, upstreamFailure } from './failures';
import { fetchUpstream } from './request';

export type CaptionFile = { ok: true; segments: Segment[] } | { ok: false; failure: FetchFailure };

/**
 * Downloads and parses a captions file a page pointed at. The page said captions exist, so every
 * way this can fail (refused, empty, a web page instead, unreadable) is an upstream failure, never
 * "no captions". A well-formed file without cues gives an empty list; the caller decides.
 */
export async function fetchCaptionFile(upstream: UpstreamClient, platform: SyncPlatformToken, url: string, signal: AbortSignal, headers: Record<string, string> = {}): Promise<CaptionFile> {
  const fetched = await fetchUpstream(upstream, platform, { url, signal, headers: { accept: 'text/vtt, text/plain, */*', ...headers } });
  if (!fetched.ok) return fetched;
  const refused = statusFailure(platform, fetched.response, 'the captions file', { missingMeansGone: false });
  if (refused !== undefined) return { ok: false, failure: refused };
  const parsed = parseCaptions(fetched.response.text());
  if (parsed.ok) return { ok: true, segments: parsed.segments };
  const name = uiName(platform);
  switch (parsed.problem) {
    case 'empty':
      return { ok: false, failure: upstreamFailure(`${name} sent an empty captions file`) };
    case 'html':
      return { ok: false, failure: upstreamFailure(`${name} sent a web page instead of the captions file (a block or sign-in page)`) };
    case 'malformed':
    case 'unknown_format':
      return { ok: false, failure: upstreamFailure(`${name}'s captions file is unreadable: ${parsed.detail}`) };
  }
}
