import { hostIn, pathSegments } from '../prepare';
import type { PlatformRule } from '../types';

const TWEET_ID = /^\d{1,20}$/;
const SCREEN_NAME = /^[A-Za-z0-9_]{1,15}$/;
const MEDIA_NUMBER = /^[1-9]\d?$/;
const REASON = 'Not a post link (expected x.com/<user>/status/<id> or twitter.com/<user>/status/<id>)';

/** The post id, the author segment for the normalized URL, and what follows the id. */
function postOf(segments: string[]): { user: string; id: string; rest: string[] } | undefined {
  const [a, b, c, d] = segments;
  // `/i/web/status/<id>` is what the apps' share menu produces; `/i/status/<id>` the same without `web`.
  if (a === 'i' && b === 'web' && c === 'status' && d !== undefined) return { user: 'i/web', id: d, rest: segments.slice(4) };
  if (a === 'i' && b === 'status' && c !== undefined) return { user: 'i', id: c, rest: segments.slice(3) };
  // The embed player's links (yt-dlp TwitterCardIE): `/i/videos/tweet/<id>` and `/i/videos/<id>`.
  if (a === 'i' && b === 'videos') return c === 'tweet' ? (d === undefined ? undefined : { user: 'i', id: d, rest: segments.slice(4) }) : c === undefined ? undefined : { user: 'i', id: c, rest: segments.slice(3) };
  // The old API form `twitter.com/statuses/<id>`, still linked from many pages.
  if (a === 'statuses' && b !== undefined) return { user: 'i', id: b, rest: segments.slice(2) };
  if (a !== undefined && a !== 'i' && SCREEN_NAME.test(a) && b === 'status' && c !== undefined) return { user: a, id: c, rest: segments.slice(3) };
  return undefined;
}

export const microblogRule: PlatformRule = {
  platform: 'microblog',
  ownsHost: hostIn('x.com', 'www.x.com', 'mobile.x.com', 'm.x.com', 'twitter.com', 'www.twitter.com', 'mobile.twitter.com', 'm.twitter.com'),
  match(url) {
    const post = postOf(pathSegments(url));
    if (post === undefined || !TWEET_ID.test(post.id)) return { reason: REASON };
    const { user, id, rest } = post;
    const [kind, number, ...more] = rest;
    if (kind !== undefined && (!(kind === 'video' || kind === 'photo') || number === undefined || !MEDIA_NUMBER.test(number) || more.length > 0)) return { reason: REASON };
    // `/video/<n>` names the post's n-th media item (X counts photos too). `/video/1` and a photo
    // link name the post itself, whose first video is what a plain link gives; a later item is its
    // own cache entry (the fetcher files it under the plain link's when it is that same video).
    if (kind === 'video' && number !== undefined && number !== '1') return { canonicalKey: `${id}/video/${number}`, itemId: id, normalizedUrl: `https://x.com/${user}/status/${id}/video/${number}`, parts: { media: number } };
    return { canonicalKey: id, itemId: id, normalizedUrl: `https://x.com/${user}/status/${id}` };
  },
};
