// A cached transcript as the core hands it out: what the cache keeps, with the spec body typed and
// the fields callers look for (language, video id, caption tracks) read out of it once, here.
import type { LongformBody, PlatformBody, SpecCaptionTrack } from '#shared/contract/api/index';
import type { Provenance } from '#shared/contract/provenance';
import type { LibraryPlatform, SyncPlatformToken } from '#shared/platforms';
import type { Segment } from '#shared/transcript';
import type { CachedTranscript } from '../store/port';

export interface Transcript {
  platform: SyncPlatformToken;
  /** The cache key it is kept under (the resolved item's, `#lang=…` where a language was asked for). */
  canonicalKey: string;
  sourceUrl: string;
  title: string | null;
  /** The spec's answer for the platform (§2.3) without `credits` and `cached`. */
  body: PlatformBody;
  text: string;
  segments: Segment[] | null;
  /** Where the text came from; null for one cached before that was recorded, or a team server's (its REST answer does not say). */
  provenance: Provenance | null;
  /** The caption track's human-readable name, where the platform names one (YouTube). */
  language: string | null;
  /** The video id the platform gives (YouTube). */
  videoId: string | null;
  /** Every caption track the video exposes (YouTube); empty elsewhere. */
  captionTracks: SpecCaptionTrack[];
}

/** The fields only YouTube's body has. */
function longformFields(platform: LibraryPlatform, body: PlatformBody): Pick<Transcript, 'language' | 'videoId' | 'captionTracks'> {
  if (platform !== 'longform') return { language: null, videoId: null, captionTracks: [] };
  const longform = body as LongformBody;
  return { language: longform.language, videoId: longform.videoId, captionTracks: longform.captionTracks };
}

/** What was (or is about to be) written to the cache, as the core's transcript. */
export function transcriptOf(entry: Omit<Transcript, 'language' | 'videoId' | 'captionTracks'>): Transcript {
  return { ...entry, ...longformFields(entry.platform, entry.body) };
}

/**
 * A cache row's spec body and the typed fields read out of it. The body is the one a fetcher of
 * this build typed when it was written (the record is checked to decode byte-identically), so it
 * is read as that type, not parsed again: a hit of an 80 KB answer stays a read.
 */
export function specFieldsOf(cached: CachedTranscript): Pick<Transcript, 'body' | 'language' | 'videoId' | 'captionTracks'> {
  const body = cached.body as PlatformBody;
  return { body, ...longformFields(cached.platform, body) };
}

/** A cache row as the core's transcript. */
export function cachedTranscriptOf(platform: SyncPlatformToken, cached: CachedTranscript): Transcript {
  const { canonicalKey, sourceUrl, title, text, segments, provenance } = cached;
  return { platform, canonicalKey, sourceUrl, title, text, segments, provenance, ...specFieldsOf(cached) };
}
