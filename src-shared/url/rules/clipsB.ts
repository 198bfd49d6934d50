import { hostIn, pathSegments } from '../prepare';
import type { PlatformRule } from '../types';

const SLUG = /^[A-Za-z0-9_-]{3,120}$/;
const CHANNEL = /^[A-Za-z0-9_]{1,25}$/;
const CLIP_HOST = 'clips.twitch.tv';
const SITE_HOSTS = hostIn('twitch.tv', 'www.twitch.tv', 'm.twitch.tv', 'go.twitch.tv');

function slugFrom(url: URL): string | undefined {
  const segments = pathSegments(url);
  if (url.hostname === CLIP_HOST) {
    // clips.twitch.tv/<slug> and clips.twitch.tv/<channel>/<slug>; `embed` is the embed player, not a clip.
    const slug = segments.length === 1 ? segments[0] : segments.length === 2 && CHANNEL.test(segments[0] ?? '') ? segments[1] : undefined;
    return slug === 'embed' || segments[0] === 'embed' ? undefined : slug;
  }
  if (segments.length === 2 && segments[0] === 'clip') return segments[1];
  if (segments.length === 3 && segments[1] === 'clip' && CHANNEL.test(segments[0] ?? '')) return segments[2];
  return undefined;
}

export const clipsBRule: PlatformRule = {
  platform: 'clips_b',
  ownsHost: (host) => host === CLIP_HOST || SITE_HOSTS(host),
  match(url) {
    const slug = slugFrom(url);
    if (slug === undefined || !SLUG.test(slug)) {
      return { reason: 'Not a Twitch clip link (expected clips.twitch.tv/<slug> or twitch.tv/<channel>/clip/<slug>); VODs, channels and embeds are not clips' };
    }
    return { canonicalKey: slug, itemId: slug, normalizedUrl: `https://clips.twitch.tv/${slug}` };
  },
};
