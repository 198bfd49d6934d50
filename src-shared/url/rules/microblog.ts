import { hostIn, pathSegments } from '../prepare';
import type { PlatformRule } from '../types';

const TWEET_ID = /^\d{1,20}$/;
const SCREEN_NAME = /^[A-Za-z0-9_]{1,15}$/;

export const microblogRule: PlatformRule = {
  platform: 'microblog',
  ownsHost: hostIn('x.com', 'www.x.com', 'mobile.x.com', 'twitter.com', 'www.twitter.com', 'mobile.twitter.com'),
  match(url) {
    const segments = pathSegments(url);
    // `/i/web/status/<id>` is what the apps' share menu produces; it names one tweet like the user form.
    const webForm = segments[0] === 'i' && segments[1] === 'web' ? segments.slice(2) : undefined;
    const [user, status, id, media, index, ...rest] = webForm === undefined ? segments : ['i/web', ...webForm];
    const userOk = user !== undefined && (user === 'i/web' || SCREEN_NAME.test(user));
    // A trailing `/video/<n>` points at the tweet's video; the tweet is the item.
    const suffixOk = media === undefined || (media === 'video' && index !== undefined && /^\d{1,2}$/.test(index) && rest.length === 0);
    if (!userOk || status !== 'status' || id === undefined || !TWEET_ID.test(id) || !suffixOk) {
      return { reason: 'Not a post link (expected x.com/<user>/status/<id> or twitter.com/<user>/status/<id>)' };
    }
    return { canonicalKey: id, itemId: id, normalizedUrl: `https://x.com/${user}/status/${id}` };
  },
};
