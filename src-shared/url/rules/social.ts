import { pathSegments } from '../prepare';
import type { PlatformRule, RuleOutcome } from '../types';

const NUMERIC_ID = /^\d{5,25}$/;
const POST_ID = /^(?:\d{5,25}|pfbid[A-Za-z0-9]{10,80})$/;
const PAGE_NAME = /^[A-Za-z0-9.\-_]{1,100}$/;
const GROUP_NAME = /^[A-Za-z0-9.\-_]{1,100}$/;
const SHORT_CODE = /^[A-Za-z0-9_-]{4,20}$/;
/** First path segments that are Facebook features, not page or user names. */
const RESERVED = new Set(['watch', 'reel', 'reels', 'groups', 'share', 'events', 'stories', 'story.php', 'permalink.php', 'photo.php', 'video.php', 'profile.php', 'login', 'live']);

function video(id: string): RuleOutcome {
  // `/watch/?v=`, `/watch/live/?v=`, `video.php?v=`, `/reel/` and `/<page>/videos/` all name the same numeric video id.
  return { canonicalKey: `video:${id}`, itemId: id, normalizedUrl: `https://www.facebook.com/watch/?v=${id}` };
}

/** A post is keyed by its story id, whichever URL names it, so `/<page>/posts/<id>` and `story.php?story_fbid=<id>` share a cache entry. */
function post(id: string, normalizedUrl: string): RuleOutcome {
  return { canonicalKey: `post:${id}`, itemId: id, normalizedUrl };
}

function videoParameter(url: URL): RuleOutcome {
  const v = url.searchParams.get('v');
  if (v === null) return { reason: 'A Facebook watch link needs ?v=<video id>' };
  return NUMERIC_ID.test(v) ? video(v) : { reason: 'A Facebook video id is numeric' };
}

/** `story.php` and `permalink.php` name a post by `story_fbid` and its owner by `id`; Facebook needs both. */
function storyParameters(url: URL, file: string): RuleOutcome {
  const story = url.searchParams.get('story_fbid');
  const owner = url.searchParams.get('id');
  if (story === null || owner === null || !POST_ID.test(story) || !NUMERIC_ID.test(owner)) {
    return { reason: `A Facebook ${file} link needs ?story_fbid=<post id>&id=<page or user id>` };
  }
  return post(story, `https://www.facebook.com/${file}?story_fbid=${story}&id=${owner}`);
}

/**
 * The app's share links (`/share/v/<code>/` for videos, `/share/r/<code>/` for reels) name no id:
 * like fb.watch links, the server follows their redirect to learn the item.
 */
function shareLink(kind: string | undefined, code: string | undefined, segments: string[]): RuleOutcome | undefined {
  if (kind !== 'v' && kind !== 'r') return undefined;
  if (segments.length !== 3 || code === undefined || !SHORT_CODE.test(code)) return { reason: `A Facebook share link has the form facebook.com/share/${kind}/<code>/` };
  const normalizedUrl = `https://www.facebook.com/share/${kind}/${code}/`;
  return { canonicalKey: `short:${normalizedUrl}`, itemId: code, normalizedUrl, shortLink: true };
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
    if (first === 'watch' && segments.length === 1) return videoParameter(url);
    if (first === 'watch' && second === 'live' && segments.length === 2) return videoParameter(url);
    if (first === 'video.php' && segments.length === 1) return videoParameter(url);
    if ((first === 'story.php' || first === 'permalink.php') && segments.length === 1) return storyParameters(url, first);
    if (first === 'share') {
      const share = shareLink(second, third, segments);
      if (share !== undefined) return share;
    }
    if (first === 'reel' && segments.length === 2 && second !== undefined) {
      return NUMERIC_ID.test(second) ? video(second) : { reason: 'A Facebook reel id is numeric' };
    }
    // /groups/<group>/permalink/<id>/ and /groups/<group>/posts/<id>/ (group posts are numeric story ids)
    if (first === 'groups' && segments.length === 4 && second !== undefined && GROUP_NAME.test(second) && (third === 'permalink' || third === 'posts')) {
      if (fourth !== undefined && NUMERIC_ID.test(fourth)) return post(fourth, `https://www.facebook.com/groups/${second}/posts/${fourth}/`);
    }
    if (first !== undefined && !RESERVED.has(first) && PAGE_NAME.test(first)) {
      // /<page>/videos/<id>/ and /<page>/videos/<title slug>/<id>/
      const videoId = second === 'videos' ? (segments.length === 3 ? third : segments.length === 4 ? fourth : undefined) : undefined;
      if (videoId !== undefined && NUMERIC_ID.test(videoId)) return video(videoId);
      if (second === 'posts' && segments.length === 3 && third !== undefined && POST_ID.test(third)) {
        return post(third, `https://www.facebook.com/${first}/posts/${third}`);
      }
    }
    return {
      reason:
        'Not a Facebook video link (expected /<page>/videos/<id>/, /reel/<id>, /watch/?v=<id>, video.php?v=<id>, /<page>/posts/<id>, story.php?story_fbid=…&id=…, /groups/<group>/posts/<id>/, /share/v/<code>/, /share/r/<code>/ or fb.watch/<code>/)',
    };
  },
};
