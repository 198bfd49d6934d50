import { pathSegments } from '../prepare';
import type { PlatformRule, RuleOutcome } from '../types';

const NUMERIC_ID = /^\d{5,25}$/;
const POST_ID = /^(?:\d{5,25}|pfbid[A-Za-z0-9]{10,80})$/;
const PAGE_NAME = /^[A-Za-z0-9.\-_]{1,100}$/;
const SHORT_CODE = /^[A-Za-z0-9_-]{4,20}$/;
/** First path segments that are Facebook features, not page or user names. */
const RESERVED = new Set(['watch', 'reel', 'reels', 'groups', 'share', 'events', 'stories', 'story.php', 'permalink.php', 'photo.php', 'video.php', 'profile.php', 'login', 'live']);

function video(id: string): RuleOutcome {
  // `/watch/?v=`, `/reel/` and `/<page>/videos/` all name the same numeric video id.
  return { canonicalKey: `video:${id}`, itemId: id, normalizedUrl: `https://www.facebook.com/watch/?v=${id}` };
}

export const socialRule: PlatformRule = {
  platform: 'social',
  ownsHost: (host) => host === 'fb.watch' || host === 'facebook.com' || /^[a-z0-9-]+\.facebook\.com$/.test(host),
  match(url) {
    const segments = pathSegments(url);
    if (url.hostname === 'fb.watch') {
      const [code] = segments;
      if (segments.length !== 1 || code === undefined || !SHORT_CODE.test(code)) return { reason: 'An fb.watch link has the form fb.watch/<code>/' };
      const normalizedUrl = `https://fb.watch/${code}/`;
      return { canonicalKey: `short:${normalizedUrl}`, itemId: code, normalizedUrl, shortLink: true };
    }
    const [first, second, third, fourth] = segments;
    if (first === 'watch' && segments.length === 1) {
      const v = url.searchParams.get('v');
      if (v === null) return { reason: 'A Facebook watch link needs ?v=<video id>' };
      return NUMERIC_ID.test(v) ? video(v) : { reason: 'A Facebook video id is numeric' };
    }
    if (first === 'reel' && segments.length === 2 && second !== undefined) {
      return NUMERIC_ID.test(second) ? video(second) : { reason: 'A Facebook reel id is numeric' };
    }
    if (first !== undefined && !RESERVED.has(first) && PAGE_NAME.test(first)) {
      // /<page>/videos/<id>/ and /<page>/videos/<title slug>/<id>/
      const videoId = second === 'videos' ? (segments.length === 3 ? third : segments.length === 4 ? fourth : undefined) : undefined;
      if (videoId !== undefined && NUMERIC_ID.test(videoId)) return video(videoId);
      if (second === 'posts' && segments.length === 3 && third !== undefined && POST_ID.test(third)) {
        return { canonicalKey: `post:${third}`, itemId: third, normalizedUrl: `https://www.facebook.com/${first}/posts/${third}` };
      }
    }
    return { reason: 'Not a Facebook video link (expected /<page>/videos/<id>/, /reel/<id>, /watch/?v=<id>, /<page>/posts/<id> or fb.watch/<code>/)' };
  },
};
