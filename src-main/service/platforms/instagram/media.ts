// Reading Instagram's media object, the "product info" of research/upstream-video.md §3.2.
import { asArray, asNumber, asObject, httpUrl, type JsonObject } from '../json';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * The media id (pk) a shortcode encodes: the shortcode is the id in Instagram's base-64 alphabet.
 * Shortcodes of private posts carry 28 more characters after the id (research/upstream-video.md §3.1).
 */
export function mediaIdOf(shortcode: string): string | undefined {
  const code = shortcode.length > 28 ? shortcode.slice(0, -28) : shortcode;
  let id = 0n;
  for (const char of code) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return undefined;
    id = id * 64n + BigInt(digit);
  }
  return id.toString();
}

export interface InstagramVideo {
  url: string;
  durationSeconds: number | undefined;
}

/** The smallest rendition of the post's video (the sound is the same in all); carousels: the first video. */
export function videoOf(media: JsonObject): InstagramVideo | undefined {
  const carousel = asArray(media.carousel_media)
    .map(asObject)
    .filter((m): m is JsonObject => m !== undefined);
  const candidates = [media, ...carousel];
  for (const item of candidates) {
    const versions = asArray(item.video_versions).flatMap((v) => {
      const version = asObject(v);
      const url = httpUrl(version?.url);
      return version === undefined || url === undefined ? [] : [{ url, pixels: (asNumber(version.width) ?? 0) * (asNumber(version.height) ?? 0) }];
    });
    const smallest = versions.sort((a, b) => a.pixels - b.pixels)[0];
    if (smallest !== undefined) return { url: smallest.url, durationSeconds: asNumber(item.video_duration) };
  }
  return undefined;
}
