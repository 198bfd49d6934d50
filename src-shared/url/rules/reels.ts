import { hostIn, pathSegments } from '../prepare';
import type { PlatformRule } from '../types';

const SHORTCODE = /^[A-Za-z0-9_-]{5,64}$/;
/** An account name in front of the kind: `/<user>/reel/<sc>/` is what profile grids link to. */
const USER = /^[A-Za-z0-9._]{1,30}$/;
/** Path kind → the kind we normalize to; `/reels/<sc>/` is what the app's share sheet often yields. */
const KINDS: Readonly<Record<string, string>> = { reel: 'reel', reels: 'reel', p: 'p', tv: 'tv' };
/** What may follow the shortcode and still show that one post: its embed (`/embed/`, `/embed/captioned/`). */
const EMBED_TAILS = new Set(['embed', 'embed/captioned']);

const REASON = 'Not an Instagram post link (expected /reel/<shortcode>/, /p/<shortcode>/ or /tv/<shortcode>/)';

export const reelsRule: PlatformRule = {
  platform: 'reels',
  ownsHost: hostIn('instagram.com', 'www.instagram.com'),
  match(url) {
    const segments = pathSegments(url);
    // Stories expire and are only shown to signed-in users: not a supported shape (spec §4.1), so a
    // 400 before any request, like every other shape the spec leaves out.
    if (segments[0] === 'stories') return { reason: 'Instagram stories are not supported (they expire and are only shown to signed-in users); send a reel or post link' };
    // `/<user>/<kind>/<sc>/…`: the account name adds nothing, the shortcode alone names the post.
    const first = segments[0];
    const start = first !== undefined && KINDS[first] === undefined && USER.test(first) && segments[1] !== undefined && KINDS[segments[1]] !== undefined ? 1 : 0;
    const [kind, shortcode, ...rest] = segments.slice(start);
    const normalizedKind = kind === undefined ? undefined : KINDS[kind];
    if (normalizedKind === undefined || shortcode === undefined || !SHORTCODE.test(shortcode)) return { reason: REASON };
    if (rest.length > 0 && !EMBED_TAILS.has(rest.join('/'))) return { reason: REASON };
    // One shortcode is one media item whichever path shows it, so the key is the shortcode alone.
    return {
      canonicalKey: shortcode,
      itemId: shortcode,
      normalizedUrl: `https://www.instagram.com/${normalizedKind}/${shortcode}/`,
    };
  },
};
