import { hostIn, pathSegments } from '../prepare';
import type { PlatformRule, RuleOutcome } from '../types';

const VIDEO_ID = /^[0-9A-Za-z_-]{11}$/;
const YOUTUBE_HOSTS = hostIn('youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com');
const SHORT_HOST = 'youtu.be';
/** Path prefixes that carry the id as the next segment: Shorts, live replays and embeds (ARCHITECTURE §2). */
const ID_PATHS = new Set(['shorts', 'live', 'embed']);

function video(id: string | undefined | null): RuleOutcome {
  if (id == null || !VIDEO_ID.test(id)) return { reason: 'A YouTube video id is 11 letters, digits, - or _' };
  return { canonicalKey: id, itemId: id, normalizedUrl: `https://www.youtube.com/watch?v=${id}` };
}

export const longformRule: PlatformRule = {
  platform: 'longform',
  ownsHost: (host) => host === SHORT_HOST || YOUTUBE_HOSTS(host),
  match(url) {
    const segments = pathSegments(url);
    if (url.hostname === SHORT_HOST) {
      return segments.length === 1 ? video(segments[0]) : { reason: 'A youtu.be link has the form youtu.be/<video id>' };
    }
    const [first, second, ...rest] = segments;
    if (first === 'watch' && second === undefined) {
      return url.searchParams.has('v') ? video(url.searchParams.get('v')) : { reason: 'A watch link needs ?v=<video id>' };
    }
    if (first !== undefined && ID_PATHS.has(first) && second !== undefined && rest.length === 0 && url.hostname !== 'music.youtube.com') {
      return video(second);
    }
    return { reason: 'Not a YouTube video link (expected /watch?v=, /shorts/, /live/ or youtu.be/)' };
  },
};
