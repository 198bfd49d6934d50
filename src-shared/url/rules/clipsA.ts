import { hostIn, pathSegments } from '../prepare';
import type { PlatformRule } from '../types';

const CHANNEL = /^[A-Za-z0-9_-]{1,64}$/;
// Clip ids are `clip_` + a ULID (26 Crockford base32 characters, case-insensitive).
const CLIP_ID = /^clip_([0-9A-HJKMNP-TV-Z]{26})$/i;

export const clipsARule: PlatformRule = {
  platform: 'clips_a',
  ownsHost: hostIn('kick.com', 'www.kick.com'),
  match(url) {
    const segments = pathSegments(url);
    const [channel, kind, clipParam] = segments;
    const candidate = segments.length === 3 && kind === 'clips' ? clipParam : segments.length === 1 ? url.searchParams.get('clip') : null;
    const m = channel !== undefined && CHANNEL.test(channel) && candidate != null ? CLIP_ID.exec(candidate) : null;
    if (m === null || channel === undefined) {
      return { reason: 'Not a Kick clip link (expected kick.com/<channel>/clips/clip_<id> or kick.com/<channel>?clip=clip_<id>); VODs and channel pages are not clips' };
    }
    // The clip id is global: every form (www., ?clip=, another channel segment) shares one cache entry.
    const clipId = `clip_${(m[1] as string).toUpperCase()}`;
    return { canonicalKey: clipId, itemId: clipId, normalizedUrl: `https://kick.com/${channel.toLowerCase()}/clips/${clipId}`, parts: { channel: channel.toLowerCase() } };
  },
};
