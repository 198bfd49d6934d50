import type { VideoTranscriptBody, VideoUrls } from '#shared/contract/api/index';
import type { FetchOutcome } from './fetcher';
import { noTranscript } from './failures';

export type { VideoUrls } from '#shared/contract/api/index';

/**
 * The spec's empty-transcript rule for `shortform` and `social` (§4.1, §8): no captions but a
 * downloadable video → 200 with `transcript: ""` and `videoUrls`, charged like any success;
 * neither → 404 "No transcript available for this video", free.
 */
export function withoutCaptions(platform: 'shortform' | 'social', videoUrls: VideoUrls | undefined, title: string | null, resolvedKey: string | undefined, why: string): FetchOutcome<VideoTranscriptBody> {
  if (videoUrls === undefined) return { ok: false, ...noTranscript(platform, `${why}, and no downloadable video either`) };
  return { ok: true, transcript: { body: { transcript: '', videoUrls }, text: '', segments: null, title, provenance: null, ...(resolvedKey === undefined ? {} : { resolvedKey }) } };
}

/** `videoUrls` only when a video URL is exposed (the spec omits it otherwise). */
export function videoUrlsIfAny(urls: VideoUrls): VideoUrls | undefined {
  return urls.sd === null && urls.hd === null ? undefined : urls;
}
