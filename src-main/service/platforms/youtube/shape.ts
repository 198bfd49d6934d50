// The spec's §2.3 `longform` answer.
import type { LongformBody } from '#shared/contract/api/index';
import type { ParsedItem } from '#shared/url/parse';
import type { Segment } from '#shared/transcript';
import { segmentsText } from '#service/captions/index';
import type { CaptionTrack } from './tracks';

/** YouTube's transcript-panel timestamps: `m:ss`, and `h:mm:ss` from one hour on. */
export function startTimeText(ms: number): string {
  const total = Math.floor(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** `language` is the fetched track's name, or for a machine translation what it was translated into and from. */
export function longformBody(item: ParsedItem, videoId: string, language: string, tracks: CaptionTrack[], segments: readonly Segment[]): LongformBody {
  return {
    success: true,
    type: 'video',
    url: item.normalizedUrl,
    // Times are strings of integer ms (the spec keeps large values lossless that way).
    transcript: segments.map((s) => ({ text: s.text, startMs: String(s.startMs), endMs: String(s.endMs), startTimeText: startTimeText(s.startMs) })),
    transcript_only_text: segmentsText(segments, ' '),
    language,
    videoId,
    captionTracks: tracks,
  };
}
