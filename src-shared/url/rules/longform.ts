import { hostIn, pathSegments } from '../prepare';
import type { PlatformRule, RuleOutcome } from '../types';

const VIDEO_ID = /^[0-9A-Za-z_-]{11}$/;
const YOUTUBE_HOSTS = hostIn('youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com');
/** The privacy-enhanced embed host: embeds only, the same videos (yt-dlp's `_VALID_URL`). */
const NOCOOKIE_HOSTS = hostIn('youtube-nocookie.com', 'www.youtube-nocookie.com');
/** YouTube Kids: the same video ids, watched at /watch?v=. */
const KIDS_HOSTS = hostIn('youtubekids.com', 'www.youtubekids.com');
const SHORT_HOST = 'youtu.be';
/**
 * Path prefixes that carry the id as the next segment: Shorts, live replays, embeds and the old
 * Flash-era `/v/` and `/e/` embeds still pasted from old pages (ARCHITECTURE §2).
 */
const ID_PATHS = new Set(['shorts', 'live', 'embed', 'v', 'e']);
const EMBED_PATHS = new Set(['embed', 'v', 'e']);
/**
 * Embeds that name a channel's live stream or a playlist, not one video. Both words are 11 letters
 * long, so without this they would pass for video ids.
 */
const NOT_ONE_VIDEO: Readonly<Record<string, string>> = {
  live_stream: "An embedded channel live stream (embed/live_stream?channel=) is not one video; use the video's own link",
  videoseries: "An embedded playlist (embed/videoseries?list=) is not one video; use the video's own link",
};

function video(id: string | undefined | null): RuleOutcome {
  if (id == null || !VIDEO_ID.test(id)) return { reason: 'A YouTube video id is 11 letters, digits, - or _' };
  return { canonicalKey: id, itemId: id, normalizedUrl: `https://www.youtube.com/watch?v=${id}` };
}

export const longformRule: PlatformRule = {
  platform: 'longform',
  ownsHost: (host) => host === SHORT_HOST || YOUTUBE_HOSTS(host) || NOCOOKIE_HOSTS(host) || KIDS_HOSTS(host),
  match(url) {
    const segments = pathSegments(url);
    if (url.hostname === SHORT_HOST) {
      return segments.length === 1 ? video(segments[0]) : { reason: 'A youtu.be link has the form youtu.be/<video id>' };
    }
    const [first, second, ...rest] = segments;
    const single = first !== undefined && second !== undefined && rest.length === 0;
    if (single && EMBED_PATHS.has(first)) {
      const notOneVideo = NOT_ONE_VIDEO[second];
      if (notOneVideo !== undefined) return { reason: notOneVideo };
    }
    if (NOCOOKIE_HOSTS(url.hostname)) {
      return single && EMBED_PATHS.has(first) ? video(second) : { reason: 'A youtube-nocookie.com link has the form /embed/<video id>' };
    }
    const watchPaths = KIDS_HOSTS(url.hostname) ? ['watch'] : ['watch', 'watch_popup'];
    if (first !== undefined && watchPaths.includes(first) && second === undefined) {
      return url.searchParams.has('v') ? video(url.searchParams.get('v')) : { reason: 'A watch link needs ?v=<video id>' };
    }
    if (single && ID_PATHS.has(first) && YOUTUBE_HOSTS(url.hostname) && url.hostname !== 'music.youtube.com') {
      return video(second);
    }
    return { reason: 'Not a YouTube video link (expected /watch?v=, /shorts/, /live/, /embed/ or youtu.be/)' };
  },
};
