// What the X fetcher needs from a post, whichever API gave it: its media, the quoted post's media,
// its card's videos, and its text; and which of those videos a link asks for.
import type { FetchFailure } from '../fetcher';
import { noTranscript, upstreamFailure } from '../failures';
import { asArray, asNumber, asObject, asString, at, httpUrl, parseJson, type JsonObject } from '../json';

export interface TweetMedia {
  /** The post's own `media[]` in X's order (`/video/<n>` counts these): `{ type, video_info: { duration_millis, variants } }`. */
  media: unknown[];
  /** The quoted post's media (a quote post shows the quoted video as its own). */
  quoted: unknown[];
  /** The videos of the post's unified card (`media_entities`), after its own and the quoted media. */
  cardVideos: unknown[];
  /** The name of a card that streams a video through a VMAP player this build does not read. */
  playerCard: string | undefined;
  text: string;
}

/**
 * `found`: the post; `gone`: X says it is deleted, protected, age-gated or does not exist (404);
 * `blocked`: something kept us from an answer (502), and the other API may still have one.
 */
export type TweetLookup = { kind: 'found'; tweet: TweetMedia } | { kind: 'gone'; failure: FetchFailure } | { kind: 'blocked'; failure: FetchFailure };

export interface TweetVideo {
  url: string;
  durationSeconds: number | undefined;
}

export type VideoChoice = { ok: true; video: TweetVideo; /** The video the post's plain link gives. */ first: boolean } | { ok: false; failure: FetchFailure };

const isVideo = (m: unknown) => at(m, 'type') === 'video';

/** Its lowest-bitrate MP4 (every rendition has the same sound track); an HLS playlist only when no MP4 is listed. */
function playable(video: unknown): TweetVideo | undefined {
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

const unplayable = () => upstreamFailure('X lists the video without a URL this build can play (its API may have changed)');

/**
 * The video a link asks for. Without `/video/<n>`: the first video of the post, else of the quoted
 * post, else of its card (GIFs have no sound). With it: the n-th media item as X counts them (photos
 * included, like X's own links and yt-dlp), the quoted post's when the post has none of its own.
 */
export function chooseVideo(tweet: TweetMedia, mediaNumber: number | undefined): VideoChoice {
  const videos = [...tweet.media, ...tweet.quoted, ...tweet.cardVideos].filter(isVideo);
  const firstVideo = videos[0];
  if (mediaNumber === undefined) {
    if (firstVideo === undefined) {
      // A card that may hold the video is not "no video": we could not look.
      if (tweet.playerCard !== undefined) return { ok: false, failure: upstreamFailure(`This post's video may be in its "${tweet.playerCard}" card, which this build cannot read`) };
      return { ok: false, failure: noTranscript('microblog', 'This post has no video') };
    }
    const video = playable(firstVideo);
    return video === undefined ? { ok: false, failure: unplayable() } : { ok: true, video, first: true };
  }
  const list = tweet.media.length > 0 ? tweet.media : tweet.quoted;
  const item = list[mediaNumber - 1];
  if (item === undefined) return { ok: false, failure: noTranscript('microblog', `X lists no media #${mediaNumber} for this post (it has ${list.length})`) };
  if (!isVideo(item)) {
    const kind = at(item, 'type') === 'animated_gif' ? 'a GIF (no sound)' : at(item, 'type') === 'photo' ? 'a photo' : `"${String(at(item, 'type'))}"`;
    return { ok: false, failure: noTranscript('microblog', `X says media #${mediaNumber} of this post is ${kind}, not a video`) };
  }
  const video = playable(item);
  return video === undefined ? { ok: false, failure: unplayable() } : { ok: true, video, first: item === firstVideo };
}

/** A short title for the library: the post's text without its trailing t.co link. */
export function titleOf(text: string): string | null {
  const clean = text.replace(/\s*https:\/\/t\.co\/\w+\s*$/, '').trim();
  return clean === '' ? null : clean.length > 120 ? `${clean.slice(0, 117)}…` : clean;
}

export const mediaOf = (value: JsonObject | undefined, ...path: string[]): unknown[] => asArray(at(value, ...path));

/** Cards that play their video from a VMAP document (`player_stream_url`, `amplify_url_vmap`; yt-dlp reads these). */
const VMAP_BINDINGS = ['player_stream_url', 'amplify_url_vmap'];

/**
 * A card's videos. GraphQL lists `binding_values` as `[{ key, value }]`, the embed API as an object
 * keyed by name; either way a unified card's `string_value` is JSON whose `media_entities` hold the
 * videos (yt-dlp `extract_from_card_info`).
 */
export function cardOf(card: unknown): { videos: unknown[]; playerCard: string | undefined } {
  const raw = at(card, 'binding_values');
  const bindings: Record<string, unknown> = Array.isArray(raw) ? Object.fromEntries(raw.flatMap((b) => (typeof at(b, 'key') === 'string' ? [[at(b, 'key') as string, at(b, 'value')]] : []))) : (asObject(raw) ?? {});
  const name = (asString(at(card, 'name')) ?? '').split(':').at(-1) ?? '';
  const unified = asString(at(bindings.unified_card, 'string_value'));
  if (unified !== undefined) {
    const parsed = parseJson(unified);
    if (!parsed.ok) return { videos: [], playerCard: 'unified_card' };
    return { videos: Object.values(asObject(at(parsed.value, 'media_entities')) ?? {}).filter(isVideo), playerCard: undefined };
  }
  const streams = VMAP_BINDINGS.some((key) => bindings[key] !== undefined);
  return { videos: [], playerCard: streams ? name || 'player' : undefined };
}
