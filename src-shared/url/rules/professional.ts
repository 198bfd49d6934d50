import { hostIn, pathSegments } from '../prepare';
import type { PlatformRule } from '../types';

// /posts/{author}_{slug}-activity-{19-digit id}-{4-char code}; the slug may be percent-encoded UTF-8.
const POST = /^[^/]+_[^/]*-activity-(\d{19})-([A-Za-z0-9_]{4})$/;

export const professionalRule: PlatformRule = {
  platform: 'professional',
  ownsHost: hostIn('linkedin.com', 'www.linkedin.com'),
  match(url) {
    const [first, post, ...rest] = pathSegments(url);
    const m = first === 'posts' && post !== undefined && rest.length === 0 ? POST.exec(post) : null;
    if (m === null) {
      return { reason: 'Not a LinkedIn post link (expected linkedin.com/posts/<author>_<slug>-activity-<id>-<code>); profiles, company pages and articles have no video' };
    }
    const activityId = m[1] as string;
    return { canonicalKey: activityId, itemId: activityId, normalizedUrl: `https://www.linkedin.com/posts/${post}` };
  },
};
