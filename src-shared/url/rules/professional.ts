import { hostIn, pathSegments } from '../prepare';
import type { PlatformRule, RuleOutcome } from '../types';

// /posts/{author}_{slug}-{kind}-{19-digit id}-{4-char code}; the slug may be percent-encoded UTF-8.
// The kind says which id the slug carries: the post's activity, its ugcPost, or its share.
const POST = /^[^/]+_[^/]*-(activity|ugcPost|share)-(\d{19})-([A-Za-z0-9_]{4})$/;
// /feed/update/urn:li:{kind}:{id}/, colons sometimes percent-encoded by the app that shared it.
const FEED_URN = /^urn:li:(activity|ugcPost|share):(\d{19})$/;

type Kind = 'activity' | 'ugcPost' | 'share';

/**
 * Canonical keys: an activity id alone (what every activity URL has always been cached under); a
 * ugcPost or share id prefixed with its kind, because the same post's activity and ugcPost ids
 * differ and cannot be mapped offline. The fetcher reads the activity id off the page and re-keys
 * the answer to it, so a ugcPost URL and an activity URL of one post end up sharing a cache entry.
 */
function postItem(kind: Kind, id: string, normalizedUrl: string): RuleOutcome {
  return { canonicalKey: kind === 'activity' ? id : `${kind}:${id}`, itemId: id, normalizedUrl, parts: { kind } };
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export const professionalRule: PlatformRule = {
  platform: 'professional',
  ownsHost: hostIn('linkedin.com', 'www.linkedin.com'),
  match(url) {
    const segments = pathSegments(url);
    const [first, second, third, ...rest] = segments;
    if (first === 'posts' && second !== undefined && third === undefined) {
      const m = POST.exec(second);
      if (m !== null) return postItem(m[1] as Kind, m[2] as string, `https://www.linkedin.com/posts/${second}`);
    }
    if (first === 'feed' && second === 'update' && third !== undefined && rest.length === 0) {
      const m = FEED_URN.exec(decoded(third));
      if (m !== null) return postItem(m[1] as Kind, m[2] as string, `https://www.linkedin.com/feed/update/urn:li:${m[1] as string}:${m[2] as string}/`);
    }
    return {
      reason:
        'Not a LinkedIn post link (expected linkedin.com/posts/<author>_<slug>-activity-<id>-<code> (or -ugcPost- / -share-) or linkedin.com/feed/update/urn:li:activity:<id>/); profiles, company pages and articles have no video',
    };
  },
};
