import { hostIn, pathSegments } from '../prepare';
import type { PlatformRule } from '../types';

const SHORTCODE = /^[A-Za-z0-9_-]{5,64}$/;
const STORY_USER = /^[A-Za-z0-9._]{1,30}$/;
/** Path kind → the kind we normalize to; `/reels/<sc>/` is what the app's share sheet often yields. */
const KINDS: Readonly<Record<string, string>> = { reel: 'reel', reels: 'reel', p: 'p', tv: 'tv' };

export const reelsRule: PlatformRule = {
  platform: 'reels',
  ownsHost: hostIn('instagram.com', 'www.instagram.com'),
  match(url) {
    const [kind, shortcode, ...rest] = pathSegments(url);
    // A story names one item, so it is not an invalid URL; the service answers that stories are not
    // supported (issue 5: stories → 404) without asking Instagram.
    if (kind === 'stories') {
      const [storyId] = rest;
      if (shortcode === undefined || !STORY_USER.test(shortcode) || storyId === undefined || !/^\d{5,25}$/.test(storyId) || rest.length !== 1) {
        return { reason: 'Not an Instagram story link (expected /stories/<user>/<story id>/)' };
      }
      return { canonicalKey: `story:${storyId}`, itemId: storyId, normalizedUrl: `https://www.instagram.com/stories/${shortcode}/${storyId}/`, parts: { kind: 'story', user: shortcode } };
    }
    const normalizedKind = kind === undefined ? undefined : KINDS[kind];
    if (normalizedKind === undefined || shortcode === undefined || rest.length > 0 || !SHORTCODE.test(shortcode)) {
      return { reason: 'Not an Instagram post link (expected /reel/<shortcode>/, /p/<shortcode>/ or /tv/<shortcode>/)' };
    }
    // One shortcode is one media item whichever path shows it, so the key is the shortcode alone.
    return {
      canonicalKey: shortcode,
      itemId: shortcode,
      normalizedUrl: `https://www.instagram.com/${normalizedKind}/${shortcode}/`,
    };
  },
};
