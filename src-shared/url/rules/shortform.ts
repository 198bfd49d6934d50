import { hostIn, pathSegments } from '../prepare';
import type { PlatformRule } from '../types';

const VIDEO_ID = /^\d{19}$/;
const USER = /^@[A-Za-z0-9._]{1,64}$/;
const SHORT_CODE = /^[A-Za-z0-9]{5,20}$/;
const FULL_HOSTS = hostIn('tiktok.com', 'www.tiktok.com', 'm.tiktok.com');
const SHORT_HOSTS = hostIn('vm.tiktok.com', 'vt.tiktok.com');

export const shortformRule: PlatformRule = {
  platform: 'shortform',
  ownsHost: (host) => FULL_HOSTS(host) || SHORT_HOSTS(host),
  match(url) {
    const segments = pathSegments(url);
    // Short links are resolved by the server (spec §4.1); offline the link itself is the identity.
    if (SHORT_HOSTS(url.hostname) || (segments[0] === 't' && url.hostname === 'www.tiktok.com')) {
      const code = SHORT_HOSTS(url.hostname) && segments.length === 1 ? segments[0] : segments[0] === 't' && segments.length === 2 ? segments[1] : undefined;
      if (code === undefined || !SHORT_CODE.test(code)) return { reason: 'A TikTok short link has the form vm.tiktok.com/<code>' };
      const normalizedUrl = SHORT_HOSTS(url.hostname) ? `https://${url.hostname}/${code}/` : `https://www.tiktok.com/t/${code}/`;
      return { canonicalKey: `short:${normalizedUrl}`, itemId: code, normalizedUrl, shortLink: true };
    }
    const [user, kind, id] = segments;
    if (segments.length === 3 && user !== undefined && USER.test(user) && kind === 'video' && id !== undefined && VIDEO_ID.test(id)) {
      return { canonicalKey: id, itemId: id, normalizedUrl: `https://www.tiktok.com/${user}/video/${id}`, parts: { user: user.slice(1) } };
    }
    return { reason: 'Not a TikTok video link (expected tiktok.com/@<user>/video/<19-digit id>)' };
  },
};
