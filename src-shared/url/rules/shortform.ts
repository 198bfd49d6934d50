import { hostIn, pathSegments } from '../prepare';
import type { PlatformRule } from '../types';

const VIDEO_ID = /^\d{19}$/;
/**
 * `@handle`, or `@` + a 76-character secUid (`MS4wLjABAAAA…`, with `-` and `_`) when the app shares
 * by account id, or a bare `@` (yt-dlp's `/@/video/<id>`): the id alone names the video.
 */
const USER = /^@[\w.-]{0,100}$/;
const SHORT_CODE = /^[A-Za-z0-9]{5,20}$/;
const FULL_HOSTS = hostIn('tiktok.com', 'www.tiktok.com', 'm.tiktok.com');
/** The app's share host: `www.tiktokv.com/share/video/<id>` only. */
const SHARE_HOSTS = hostIn('tiktokv.com', 'www.tiktokv.com');
const SHORT_HOSTS = hostIn('vm.tiktok.com', 'vt.tiktok.com');

/** The video a path names without a user (`/share/video/<id>`, `/embed/<id>`, `/embed/v2/<id>`), or undefined. */
function userlessVideoId(segments: readonly string[]): string | undefined {
  const [first, second, third] = segments;
  if (segments.length === 3 && first === 'share' && second === 'video') return third;
  if (segments.length === 2 && first === 'embed') return second;
  if (segments.length === 3 && first === 'embed' && second === 'v2') return third;
  return undefined;
}

/** Every form of one video is one cache key, the id; a page fetch needs some user, and TikTok serves it under any (yt-dlp uses `@_`). */
const video = (id: string, user: string | undefined) => ({
  canonicalKey: id,
  itemId: id,
  normalizedUrl: `https://www.tiktok.com/@${user ?? '_'}/video/${id}`,
  ...(user === undefined ? {} : { parts: { user } }),
});

export const shortformRule: PlatformRule = {
  platform: 'shortform',
  ownsHost: (host) => FULL_HOSTS(host) || SHORT_HOSTS(host) || SHARE_HOSTS(host),
  match(url) {
    const segments = pathSegments(url);
    // Short links are resolved by the server (spec §4.1); offline the link itself is the identity.
    if (SHORT_HOSTS(url.hostname) || (segments[0] === 't' && url.hostname === 'www.tiktok.com')) {
      const code = SHORT_HOSTS(url.hostname) && segments.length === 1 ? segments[0] : segments[0] === 't' && segments.length === 2 ? segments[1] : undefined;
      if (code === undefined || !SHORT_CODE.test(code)) return { reason: 'A TikTok short link has the form vm.tiktok.com/<code>' };
      const normalizedUrl = SHORT_HOSTS(url.hostname) ? `https://${url.hostname}/${code}/` : `https://www.tiktok.com/t/${code}/`;
      return { canonicalKey: `short:${normalizedUrl}`, itemId: code, normalizedUrl, shortLink: true };
    }
    const userless = userlessVideoId(segments);
    if (userless !== undefined && VIDEO_ID.test(userless) && (SHARE_HOSTS(url.hostname) ? segments[0] === 'share' : true)) return video(userless, undefined);
    const [user, kind, id] = segments;
    if (FULL_HOSTS(url.hostname) && segments.length === 3 && user !== undefined && USER.test(user) && kind === 'video' && id !== undefined && VIDEO_ID.test(id)) {
      return video(id, user.length > 1 ? user.slice(1) : undefined);
    }
    return { reason: 'Not a TikTok video link (expected tiktok.com/@<user>/video/<19-digit id>)' };
  },
};
