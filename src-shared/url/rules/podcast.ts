import { hostIn, pathSegments } from '../prepare';
import type { PlatformRule } from '../types';

const COUNTRY = /^[a-z]{2}$/i;
const SHOW_ID = /^id(\d{4,12})$/;
const EPISODE_ID = /^\d{4,20}$/;
const SLUG = /^[^/]{1,300}$/;

export const podcastRule: PlatformRule = {
  platform: 'podcast',
  ownsHost: hostIn('podcasts.apple.com'),
  match(url) {
    const segments = pathSegments(url);
    const country = segments[0] !== undefined && COUNTRY.test(segments[0]) ? segments.shift()?.toLowerCase() : undefined;
    const [podcast, ...rest] = segments;
    // /podcast/<slug>/id<show> or /podcast/id<show>: the show id is the last segment.
    const slug = rest.length === 2 && SLUG.test(rest[0] ?? '') ? rest[0] : undefined;
    const showMatch = podcast === 'podcast' && (rest.length === 1 || slug !== undefined) ? SHOW_ID.exec(rest[rest.length - 1] ?? '') : null;
    if (showMatch === null) return { reason: 'Not an Apple Podcasts link (expected podcasts.apple.com/<country>/podcast/<name>/id<show>?i=<episode>)' };
    const episodeId = url.searchParams.get('i');
    if (episodeId === null) return { reason: 'This is a show link: open one episode and copy its link (it ends in ?i=<episode id>)' };
    if (!EPISODE_ID.test(episodeId)) return { reason: 'The episode id after ?i= must be numeric' };
    const showId = showMatch[1] as string;
    const region = country ?? 'us';
    const path = slug === undefined ? `id${showId}` : `${slug}/id${showId}`;
    return {
      canonicalKey: episodeId,
      itemId: episodeId,
      normalizedUrl: `https://podcasts.apple.com/${region}/podcast/${path}?i=${episodeId}`,
      parts: { showId, episodeId, country: region },
    };
  },
};
