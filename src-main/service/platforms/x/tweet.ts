// What the X fetcher needs from a tweet, whichever API gave it: its media and its text.
import type { FetchFailure } from '../fetcher';
import { asArray, asNumber, asString, at, httpUrl, type JsonObject } from '../json';

export interface TweetMedia {
  /** `media[]` entries as both APIs list them: `{ type, video_info: { duration_millis, variants } }`. */
  media: unknown[];
  text: string;
}

/**
 * `found`: the tweet; `gone`: X says it is deleted, protected, age-gated or does not exist (404);
 * `blocked`: something kept us from an answer (502), and the other API may still have one.
 */
export type TweetLookup = { kind: 'found'; tweet: TweetMedia } | { kind: 'gone'; failure: FetchFailure } | { kind: 'blocked'; failure: FetchFailure };

export interface TweetVideo {
  url: string;
  durationSeconds: number | undefined;
}

/**
 * The first video of the tweet (GIFs have no sound), as its lowest-bitrate MP4: every rendition has
 * the same sound track. An HLS playlist only when no MP4 is listed.
 */
export function firstVideo(media: readonly unknown[]): TweetVideo | undefined {
  const video = media.find((m) => at(m, 'type') === 'video');
  if (video === undefined) return undefined;
  const variants = asArray(at(video, 'video_info', 'variants')).flatMap((v) => {
    const url = httpUrl(at(v, 'url'));
    return url === undefined ? [] : [{ url, type: asString(at(v, 'content_type')) ?? '', bitrate: asNumber(at(v, 'bitrate')) ?? Number.POSITIVE_INFINITY }];
  });
  const mp4 = variants.filter((v) => v.type === 'video/mp4').sort((a, b) => a.bitrate - b.bitrate)[0];
  const chosen = mp4 ?? variants.find((v) => /mpegurl/i.test(v.type));
  if (chosen === undefined) return undefined;
  const millis = asNumber(at(video, 'video_info', 'duration_millis'));
  return { url: chosen.url, durationSeconds: millis === undefined ? undefined : millis / 1000 };
}

/** A short title for the library: the tweet's text without its trailing t.co link. */
export function titleOf(text: string): string | null {
  const clean = text.replace(/\s*https:\/\/t\.co\/\w+\s*$/, '').trim();
  return clean === '' ? null : clean.length > 120 ? `${clean.slice(0, 117)}…` : clean;
}

export const mediaOf = (value: JsonObject | undefined, ...path: string[]): unknown[] => asArray(at(value, ...path));
